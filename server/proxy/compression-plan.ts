import type { ModelId } from '../catalog/families.js';
import type { ProxySettings } from './proxy-settings.js';
import type { TextSlot } from './text-slot.js';

/** One slot to compress: `text` goes through `model`; the result is written back as `prefix + compressed + suffix`. */
export interface SlotJob {
  slot: number;
  model: ModelId;
  format: 'text' | 'tool';
  text: string;
  query: string | undefined;
  /** Verbatim text kept after the compressed part (a document's question). */
  suffix: string;
}

/** A long user text split into its document and its trailing question (with the blank line between). */
export function splitQuestion(text: string, countOf: (s: string) => number, maxQuestionTokens: number): { document: string; suffix: string; question: string } {
  let breakAt = -1;
  for (const m of text.trimEnd().matchAll(/\n[ \t]*\n/g)) breakAt = m.index;
  if (breakAt > 0) {
    const suffix = text.slice(breakAt);
    const question = suffix.trim();
    if (question && countOf(question) <= maxQuestionTokens) return { document: text.slice(0, breakAt), suffix, question };
  }
  return { document: text, suffix: '', question: '' };
}

/** The user turns whose prose is compacted: whole steps of `compactEvery` turns older than the recent ones. */
export function compactedTurns(lastTurn: number, settings: Pick<ProxySettings, 'keepRecentTurns' | 'compactEvery'>): number {
  const older = lastTurn - settings.keepRecentTurns;
  // compactEvery 0: prose is never compacted (only documents and tool results are compressed).
  return older <= 0 || settings.compactEvery <= 0 ? 0 : Math.floor(older / settings.compactEvery) * settings.compactEvery;
}

/**
 * Decides what to compress from the slots and their counts alone, so the same history gets the same plan
 * and an earlier request's prefix never changes: documents and tool results are compressed when first seen
 * (query from their own turn); prose only once its turn falls into a compacted step (every `compactEvery`
 * turns). System prompts are never slots; recent prose stays verbatim.
 */
export function planCompression(slots: readonly TextSlot[], counts: readonly number[], countOf: (s: string) => number, settings: ProxySettings): SlotJob[] {
  const lastTurn = slots.reduce((m, s) => Math.max(m, s.userTurn), 0);
  const compacted = compactedTurns(lastTurn, settings);
  const isDocument = (i: number) => slots[i]!.kind === 'user' && counts[i]! >= settings.minDocumentTokens;

  // The user's own words of each turn: short user texts whole, a document's trailing question.
  const questions = new Map<number, string[]>();
  slots.forEach((s, i) => {
    if (s.kind !== 'user') return;
    const q = isDocument(i) ? splitQuestion(s.text, countOf, settings.maxQuestionTokens).question : s.text.trim();
    if (!q) return;
    questions.set(s.userTurn, [...(questions.get(s.userTurn) ?? []), q]);
  });
  const questionOf = (turn: number): string | undefined => questions.get(turn)?.join('\n') || undefined;

  const jobs: SlotJob[] = [];
  slots.forEach((s, i) => {
    const tokens = counts[i]!;
    if (s.kind === 'tool') {
      if (tokens < settings.minToolTokens) return;
      const query = questionOf(s.userTurn);
      jobs.push({ slot: i, model: query ? settings.toolModel : settings.toolModelWithoutQuery, format: 'tool', text: s.text, query, suffix: '' });
    } else if (isDocument(i)) {
      const { document, suffix, question } = splitQuestion(s.text, countOf, settings.maxQuestionTokens);
      const query = question || questionOf(s.userTurn);
      jobs.push({ slot: i, model: query ? settings.documentModel : settings.documentModelWithoutQuery, format: 'text', text: document, query, suffix });
    } else if (s.userTurn <= compacted && tokens >= settings.minProseTokens) {
      jobs.push({ slot: i, model: settings.historyModel, format: 'text', text: s.text, query: undefined, suffix: '' });
    }
  });
  return jobs;
}
