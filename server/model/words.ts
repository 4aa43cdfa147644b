/**
 * Word splitting shared by the scorer and the engine, identical to the training pipeline
 * (scripts/train/wp.py): whitespace, then every punctuation character is a word of its own
 * (BertPreTokenizer). Words keep their character offsets so the engine can cut the original
 * text without ever splitting inside a word.
 */
export interface Word {
  text: string;
  start: number;
  end: number;
}

const ASCII_PUNCT = (c: number): boolean => (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);

export function isPunct(ch: string): boolean {
  return ASCII_PUNCT(ch.codePointAt(0)!) || /\p{P}/u.test(ch);
}

/** Splits `text` into BERT words with offsets into `text`. */
export function splitWords(text: string): Word[] {
  const out: Word[] = [];
  let cur = '';
  let curStart = 0;
  let i = 0;
  for (const ch of text) {
    const len = ch.length;
    if (/\s/u.test(ch)) {
      if (cur) out.push({ text: cur, start: curStart, end: i });
      cur = '';
    } else if (isPunct(ch)) {
      if (cur) out.push({ text: cur, start: curStart, end: i });
      cur = '';
      out.push({ text: ch, start: i, end: i + len });
    } else {
      if (!cur) curStart = i;
      cur += ch;
    }
    i += len;
  }
  if (cur) out.push({ text: cur, start: curStart, end: i });
  return out;
}

/** BertNormalizer's form: lowercase, accents stripped. */
export function normalizeWord(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '');
}

const SUFFIXES = ['ing', 'ed', 'es', 's', 'ly'];

/** The query-match key (token_type_id 2 feature); null for words without a letter or digit. */
export function matchKey(word: string): string | null {
  let w = normalizeWord(word).trim();
  if (!w || !/[\p{L}\p{N}]/u.test(w)) return null;
  if (w.length > 4) {
    for (const s of SUFFIXES) {
      if (w.endsWith(s) && w.length - s.length >= 3) {
        w = w.slice(0, -s.length);
        break;
      }
    }
  }
  return w;
}
