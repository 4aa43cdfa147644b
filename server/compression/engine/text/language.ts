import { franc } from 'franc-min';
import { stemmer as porter } from 'stemmer';
import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as armenian } from '@orama/stemmers/armenian';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as nepali } from '@orama/stemmers/nepali';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { stringMemo } from '../../../model/string-memo.js';

/**
 * The language of a text, for the choices that depend on it: which stemmer the lexical prior
 * uses, and whether the bundled networks (trained on English) know its script. Detected with
 * franc-min (trigram profiles of 82 languages): script ranges alone tell Russian from Chinese but
 * not German from English, and an English stemmer cuts German words wrong ("Normannen").
 */

/** ISO 639-3 code (franc's) or 'und' when the text is too short or mixed to tell. */
export type LanguageCode = string;

/** How much text is read to detect the language: franc is linear in it, and a document's language shows in its first part. */
const SAMPLE_CHARS = 2_000;

let last: { text: string; query: string; code: LanguageCode } | undefined;

/**
 * The language of a query and its context (the context decides; the query adds its words). The
 * last answer is remembered: one request asks for the same text's language several times.
 */
export function languageOf(text: string, query = ''): LanguageCode {
  if (last && last.text === text && last.query === query) return last.code;
  const sample = `${query}\n${text.slice(0, SAMPLE_CHARS)}`;
  // ASCII-only text is English as far as the stemmer goes: franc guesses among Latin languages on
  // short English questions ("ls -l" is not Scots), and the Porter stemmer is the tuned default.
  const code = /^[\x00-\x7f]*$/u.test(sample) ? 'eng' : franc(sample, { minLength: 3 });
  last = { text, query, code };
  return code;
}

/**
 * Snowball stemmers (@orama/stemmers) by franc's code; English keeps the Porter stemmer the
 * weights were tuned with. A language without one (Chinese, Japanese, Korean: no inflection to
 * undo, their terms are character pairs) is matched literally.
 */
const STEMMERS: Record<string, (word: string) => string> = {
  eng: porter,
  arb: arabic,
  hye: armenian,
  bul: bulgarian,
  dan: danish,
  nld: dutch,
  fin: finnish,
  fra: french,
  deu: german,
  ell: greek,
  hun: hungarian,
  hin: hindi,
  ind: indonesian,
  ita: italian,
  lit: lithuanian,
  npi: nepali,
  nob: norwegian,
  por: portuguese,
  ron: romanian,
  rus: russian,
  srp: serbian,
  spa: spanish,
  swe: swedish,
  tam: tamil,
  tur: turkish,
  ukr: ukrainian,
};

const memoised = new Map<string, (word: string) => string>();
const identity = (word: string) => word;

/**
 * The stemmer for a language (memoised per language); identity for a language without one. An
 * undetermined language gets the Porter stemmer only when the term is ASCII: an English question
 * too short to detect still matches inflections, and no other script is cut by English rules.
 */
export function stemmerFor(code: LanguageCode): (word: string) => string {
  let out = memoised.get(code);
  if (!out) {
    const base = STEMMERS[code];
    out = base ? stringMemo(base) : code === 'und' ? stringMemo((w: string) => (/^[a-z0-9]+$/u.test(w) ? porter(w) : w)) : identity;
    memoised.set(code, out);
  }
  return out;
}

/** Whether the stemmer keeps a word's first letter (suffix stripping only), so a term can be skipped by it. */
export function stemKeepsFirstLetter(code: LanguageCode): boolean {
  // Arabic's stemmer removes the article and other prefixes ("الامتدادات" -> "امتداد").
  return code !== 'arb';
}

/** Share of a text's letters in the Latin script (a sample of it), the only one the bundled networks were trained on. */
function latinShare(text: string): number {
  return scriptShare(text, LATIN, true);
}

/** Share of a text's letters (a sample of it) that `script` matches; `ascii`: whether ASCII letters count as matched. */
function scriptShare(text: string, script: RegExp, ascii: boolean): number {
  const sample = text.length > 4 * SAMPLE_CHARS ? text.slice(0, 4 * SAMPLE_CHARS) : text;
  let letters = 0;
  let matched = 0;
  for (const ch of sample) {
    const c = ch.charCodeAt(0);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
      letters++;
      if (ascii) matched++;
    } else if (c >= 128 && LETTER.test(ch)) {
      letters++;
      if (script.test(ch)) matched++;
    }
  }
  return letters === 0 ? (ascii ? 1 : 0) : matched / letters;
}

/**
 * Share of a text's letters in Chinese and Japanese (a sample of it): scripts written without
 * spaces, where a word unit of the networks (text between spaces and punctuation) is a clause.
 */
export function unspacedShare(text: string): number {
  return scriptShare(text, UNSPACED, false);
}

const LETTER = /\p{L}/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * Share of the lexical prior (BM25 against the query) in a word's score, given `served`, the one
 * tuned on English: the networks' vocabulary is English WordPiece, so other scripts reach them as
 * single characters or [UNK] and their query-match feature never fires on words without spaces.
 * The prior takes over as the share of letters outside the Latin script grows, up to all of it.
 */
export function lexicalWeightFor(text: string, served: number): number {
  return served + (1 - served) * unreadShare(text);
}

/** Share of a text's letters outside the Latin script (a sample of it): how much of it the bundled networks cannot read. */
export function unreadShare(text: string): number {
  return 1 - latinShare(text);
}
