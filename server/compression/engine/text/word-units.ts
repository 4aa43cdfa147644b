/**
 * Word units of a text in any script, the terms lexical matching counts: lowercase runs of letters,
 * marks and digits; overlapping character pairs for Chinese and Japanese (a pair matches wherever the
 * word occurs, however each context segments it, as Lucene's CJK analyzer does); ICU dictionary words
 * (`Intl.Segmenter`) for Thai, Lao, Khmer and Myanmar, whose letter pairs say nothing.
 */

/** Chinese and Japanese characters (with the iteration and prolonged-sound marks, which sit between them). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}々〆ー]/u;
/** Southeast Asian scripts written without spaces between words. */
const SEGMENTED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const RUN = /[\p{L}\p{M}\p{N}]+/gu;
const HIRAGANA = /\p{Script=Hiragana}/u;
/**
 * Chinese and Japanese question words, demonstratives and question endings (English's "what",
 * "this", "is"): a CJK run is cut where they stand, so neither they nor the pairs they form with
 * their neighbours ("用什", "么语") are terms. Chinese forms are simplified, which Japanese lacks.
 */
const CJK_GLUE = new RegExp(
  [
    ...'为什么 什么 怎么样 怎么 怎样 如何 哪个 哪些 哪里 哪儿 哪 这个 这些 这种 这样 这 那个 那些 那种 谁 吗 呢'.split(' '),
    ...'でしょうか ですか ますか どれ どの どんな どこ どう どちら いつ だれ 誰 なに なん 何 これら これ それ この その'.split(' '),
  ].join('|'),
  'gu',
);

let segmenter: Intl.Segmenter | undefined;

/**
 * Lowercase, without the accents of Latin and Greek letters and Arabic's optional vowel marks
 * and tatweel: a question typed without them still matches. Other marks are part of their letters
 * (Devanagari vowel signs, Cyrillic й, Japanese voicing marks) and stay.
 */
function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/([\p{Script=Latin}\p{Script=Greek}])\p{Mn}+/gu, '$1')
    .replace(/[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/gu, '')
    .normalize('NFC');
}

/**
 * Appends the overlapping pairs of a run of CJK characters; a lone character is a unit unless it is
 * hiragana, which alone is a particle ("ul は", "-ms と -me").
 */
function cjkPairs(chars: readonly string[], out: string[]): void {
  if (chars.length === 1 && !HIRAGANA.test(chars[0]!)) out.push(chars[0]!);
  for (let k = 0; k + 1 < chars.length; k++) out.push(chars[k]! + chars[k + 1]!);
}

/** Appends the units of one run of letters, marks and digits to `out`. */
function runUnits(run: string, out: string[]): void {
  if (!CJK.test(run) && !SEGMENTED.test(run)) {
    out.push(run);
    return;
  }
  // Split the run where the script class changes: "linux内核" is a word and a pair.
  let i = 0;
  const chars = [...run];
  while (i < chars.length) {
    const kind = CJK.test(chars[i]!) ? 'cjk' : SEGMENTED.test(chars[i]!) ? 'seg' : 'word';
    let j = i + 1;
    while (j < chars.length && (CJK.test(chars[j]!) ? 'cjk' : SEGMENTED.test(chars[j]!) ? 'seg' : 'word') === kind) j++;
    const part = chars.slice(i, j);
    if (kind === 'cjk') {
      for (const piece of part.join('').split(CJK_GLUE)) cjkPairs([...piece], out);
    } else if (kind === 'seg') {
      segmenter ??= new Intl.Segmenter('th', { granularity: 'word' });
      for (const s of segmenter.segment(part.join(''))) if (s.isWordLike) out.push(s.segment);
    } else out.push(part.join(''));
    i = j;
  }
}

/** The word units of a (non-ASCII) text, in order; `skip` filters units out (stop words). */
export function wordUnits(text: string, skip?: (unit: string) => boolean): string[] {
  const out: string[] = [];
  for (const m of foldText(text).matchAll(RUN)) runUnits(m[0], out);
  return skip ? out.filter((u) => !skip(u)) : out;
}
