import { BLOCK_WEIGHT, LEAD_BONUS, LEXICAL_MATCH, LEXICAL_WEIGHT } from './select/compress-text.js';
import { lexicalWeightFor } from './text/language.js';
import type { LexicalMatch } from './score/lexical.js';
import { SERVED_C2F, type CoarseToFine } from './score/scoring-plan.js';

/**
 * The engine's knobs that only benchmarks and tests turn (`EngineRequest.tuning`). Production
 * requests leave them unset and get the served values, which `resolveTuning` fills in.
 */
export interface EngineTuning {
  /** Share of the lexical prior. Default LEXICAL_WEIGHT, raised for non-Latin scripts (lexicalWeightFor); the quality bench sets 0 to measure a model alone. */
  lexicalWeight?: number | undefined;
  /** How the lexical prior matches the query. Default LEXICAL_MATCH. */
  lexicalMatch?: LexicalMatch | undefined;
  /** Word units: share of a sentence's block in the score its words rank by. Default BLOCK_WEIGHT. */
  blockWeight?: number | undefined;
  /** With a query: bonus of a paragraph's opening sentence. Default LEAD_BONUS. */
  leadBonus?: number | undefined;
  /** Paragraph mode with a query scores only the blocks a cheap first stage ranks high. Default SERVED_C2F; false scores all. */
  coarseToFine?: false | CoarseToFine | undefined;
}

/** `tuning` with every knob it leaves unset at its served value (the one place these defaults are applied). */
export function resolveTuning(tuning: EngineTuning | undefined, context: string): Required<{ [K in keyof EngineTuning]: Exclude<EngineTuning[K], undefined> }> {
  return {
    lexicalWeight: tuning?.lexicalWeight ?? lexicalWeightFor(context, LEXICAL_WEIGHT),
    lexicalMatch: tuning?.lexicalMatch ?? LEXICAL_MATCH,
    blockWeight: tuning?.blockWeight ?? BLOCK_WEIGHT,
    leadBonus: tuning?.leadBonus ?? LEAD_BONUS,
    coarseToFine: tuning?.coarseToFine ?? SERVED_C2F,
  };
}
