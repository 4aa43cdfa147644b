import type { components } from '../../generated/schema.js';
import type { WeightsId } from '../catalog/model-catalog.js';

type LanguageSupport = components['schemas']['LanguageSupport'];

/**
 * What a query-aware model does with each benchmarked language, for `/models`: word units, stemmer,
 * whether the network or the lexical prior decides, and its answer retention on the test split of
 * `npm run bench:languages` (hand-written questions, coarse, gold + 9; docs/languages.md).
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
  latte_v2: { en: [100, 100], de: [97, 94], es: [97, 94], fr: [100, 97], ru: [100, 97], zh: [100, 100], ja: [100, 90], ar: [100, 97], hi: [100, 96] },
};

/** The per-language record of a question-specific model, with its measured retention where it was benchmarked. */
export function languageSupport(weights: WeightsId): LanguageSupport[] {
  const measured = RETENTION[weights];
  return LANGUAGES.map((l) => {
    const retention = measured?.[l.language];
    return retention ? { ...l, answer_retention: { '4x': retention[0], '10x': retention[1] } } : { ...l };
  });
}
