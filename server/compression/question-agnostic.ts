import type { components } from '../../generated/schema.js';
import { contextItems, rejectQuery, type ContextItem } from './context-items.js';
import type { ContentFormat, EngineResult } from './engine/engine.js';
import { engineOptions, type FamilyAdapter } from './family-adapter.js';
import { FAMILIES, type FamilyId } from '../catalog/families.js';

type Options = components['schemas']['AgnosticOptions'];
type CompressionResult = components['schemas']['CompressionResult'];
type AgnosticBody = Options & { compression_model_name: 'espresso_v1' | 'markdown_v1' };
type AgnosticSingle = AgnosticBody & { context: string | null };
type AgnosticBatch = AgnosticBody & { inputs: Array<{ context: string | null }> };

/** A query-free context family: every context is compressed by information alone, read as `format`. */
function agnosticFamily(id: FamilyId, format: ContentFormat, hint: string): FamilyAdapter<AgnosticSingle, AgnosticBatch, ContextItem, EngineResult, CompressionResult> {
  return {
    family: FAMILIES.find((f) => f.id === id)!,
    demoOnSingle: false,
    ...contextItems<AgnosticSingle, AgnosticBatch>(format),
    check: (body) => rejectQuery(body, body.compression_model_name, hint),
    model: (body) => body.compression_model_name,
    item: (body) => ({ context: body.context }),
    items: (body) => body.inputs.map((i) => ({ context: i.context })),
    options: engineOptions,
    echoedRatio: (body) => body.target_compression_ratio ?? null,
  };
}

/** Question-agnostic compression (`espresso_v1`): keeps numbers, names, dates, identifiers and negations. */
export const questionAgnostic = agnosticFamily('question-agnostic', 'text', 'use /api/compress/question-specific to compress towards a question');

/** Markdown compression (`markdown_v1`): structure verbatim, prose shortened with espresso_v1 scoring. */
export const markdown = agnosticFamily('markdown', 'markdown', 'markdown compression is query-free; use /api/compress/question-specific with heuristic_chunking for a question');
