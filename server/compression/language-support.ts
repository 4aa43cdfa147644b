import type { components } from '../../generated/schema.js';
import type { WeightsId } from '../catalog/model-catalog.js';

type LanguageSupport = components['schemas']['LanguageSupport'];

/**
 * What a query-aware model does with each benchmarked language, for `/models`: how words are
 * found (word-units.ts), which stemmer the lexical prior uses (language.ts), whether the network
 * reads the script or the lexical prior decides (lexicalWeightFor), and how well it keeps the
 * answer: the test split of `npm run bench:languages` (docs/languages.md; coarse mode, gold + 9
 * distractors, 100 questions per language; latte_v1 was not run on it for lack of machine time).
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
  latte_v2: { en: [100, 100], de: [100, 98], es: [99, 98], fr: [100, 99], ru: [99, 97], zh: [100, 97], ja: [96, 94], ar: [100, 99], hi: [100, 96] },
};

/** The per-language record of a question-specific model, with its measured retention where it was benchmarked. */
export function languageSupport(weights: WeightsId): LanguageSupport[] {
  const measured = RETENTION[weights];
  return LANGUAGES.map((l) => {
    const retention = measured?.[l.language];
    return retention ? { ...l, answer_retention: { '4x': retention[0], '10x': retention[1] } } : { ...l };
  });
}
