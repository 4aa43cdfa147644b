import type { components } from '../../../generated/schema.js';
import type { CremaClient } from '../../index.js';
import type { DiffUnit } from './mark-kept.js';

type S = components['schemas'];
export type Family = S['Family'];
export type ModelRecord = S['ModelRecord'];

/** What the playground sends: the fields every family's form can fill. */
export interface PlaygroundInput {
  model: string;
  ratio: number | undefined;
  context: string;
  query: string;
  messages: S['ChatMessage'][];
  keepRecent: number | undefined;
  toolName: string;
  toolOutput: string;
  /** Tool definitions (tool-discovery), already parsed from the form's JSON. */
  tools: S['ToolDefinition'][];
  maxTools: number | undefined;
}

/** One before/after pair to show side by side (a transcript gives one per message). */
export interface Pair {
  title: string;
  original: string;
  compressed: string;
  /** The unit the comparison marks kept or dropped: words of prose, lines of a log, JSON values. */
  unit: DiffUnit;
}

/** A compression result of any family, flattened for display. */
export interface PlaygroundResult {
  pairs: Pair[];
  original_tokens: number;
  compressed_tokens: number;
  tokens_saved: number;
  actual_compression_ratio: number;
  duration_ms: number;
  note: string | null;
}

export type Outcome = { result: PlaygroundResult; error?: undefined; status: number } | { result?: undefined; error: unknown; status: number };

export const FAMILY_LABELS: Record<Family, string> = {
  'question-specific': 'Question-specific (context + query)',
  'question-agnostic': 'Question-agnostic (context only)',
  markdown: 'Markdown (structure kept)',
  history: 'Chat history (messages)',
  'tool-output': 'Tool output (JSON, logs, tables)',
  'tool-discovery': 'Tool discovery (the tools a query needs)',
};

/** Each family's model list, through its own typed route. */
export async function listModels(client: CremaClient, family: Family): Promise<ModelRecord[]> {
  const r =
    family === 'question-specific'
      ? await client.GET('/api/compress/question-specific/models')
      : family === 'question-agnostic'
        ? await client.GET('/api/compress/question-agnostic/models')
        : family === 'markdown'
          ? await client.GET('/api/compress/markdown/models')
          : family === 'history'
            ? await client.GET('/api/compress/history/models')
            : family === 'tool-output'
              ? await client.GET('/api/compress/tool-output/models')
              : await client.GET('/api/compress/tool-discovery/models');
  return r.data?.data.models ?? [];
}

const ratio = (input: PlaygroundInput) => (input.ratio === undefined ? {} : { target_compression_ratio: input.ratio });
const query = (input: PlaygroundInput) => (input.query.trim() ? { query: input.query } : {});

function textResult(original: string, r: S['CompressionResult'], title: string): PlaygroundResult {
  return { ...r, pairs: [{ title, original, compressed: r.compressed_context, unit: 'words' }], note: null };
}

/** Calls the family's single-item route with the client's API key. */
export async function compress(client: CremaClient, family: Family, input: PlaygroundInput): Promise<Outcome> {
  const header = { 'X-API-Key': client.apiKey ?? '' };
  switch (family) {
    case 'question-specific': {
      const model = input.model === 'latte_v1' ? 'latte_v1' : 'latte_v2';
      const r = await client.POST('/api/compress/question-specific/', { params: { header }, body: { context: input.context, query: input.query, compression_model_name: model, ...ratio(input) } });
      return r.data ? { result: textResult(input.context, r.data.data, 'Context'), status: r.response.status } : { error: r.error, status: r.response.status };
    }
    case 'question-agnostic': {
      const r = await client.POST('/api/compress/question-agnostic/', { params: { header }, body: { context: input.context, compression_model_name: 'espresso_v1', ...ratio(input) } });
      return r.data ? { result: textResult(input.context, r.data.data, 'Context'), status: r.response.status } : { error: r.error, status: r.response.status };
    }
    case 'markdown': {
      const r = await client.POST('/api/compress/markdown/', { params: { header }, body: { context: input.context, compression_model_name: 'markdown_v1', ...ratio(input) } });
      return r.data ? { result: textResult(input.context, r.data.data, 'Markdown'), status: r.response.status } : { error: r.error, status: r.response.status };
    }
    case 'history': {
      const body = { messages: input.messages, compression_model_name: 'hcc_latte_v1' as const, ...ratio(input), ...query(input), ...(input.keepRecent ? { keep_recent: input.keepRecent } : {}) };
      const r = await client.POST('/api/compress/history/', { params: { header }, body });
      if (!r.data) return { error: r.error, status: r.response.status };
      const d = r.data.data;
      // The older turns become one summary; the recent ones come back as they were sent.
      const firstRecent = input.messages.length - d.messages_kept;
      const older = input.messages.slice(0, firstRecent).filter((m) => m.role !== 'system');
      const summary = older.length ? [{ title: 'Summary of the older turns', original: older.map((m) => `${m.role}: ${m.content ?? ''}`).join('\n'), compressed: d.summary, unit: 'words' as const }] : [];
      const recent = input.messages.slice(firstRecent).map((m, i) => ({ title: `${firstRecent + i + 1}. ${m.role}`, original: m.content ?? '', compressed: m.content ?? '', unit: 'words' as const }));
      return { result: { ...d, pairs: [...summary, ...recent], note: `${d.messages_compressed} older message(s) compressed into the summary, ${d.messages_kept} kept verbatim.` }, status: r.response.status };
    }
    case 'tool-output': {
      const model: S['ToolOutputModelName'] = input.model === 'toc_latte_v1' ? 'toc_latte_v1' : 'toc_americano_v1';
      const body = { tool_output: input.toolOutput, tool_name: input.toolName, compression_model_name: model, ...ratio(input), ...(model === 'toc_latte_v1' ? query(input) : {}) };
      const r = await client.POST('/api/compress/tool-output/', { params: { header }, body });
      if (!r.data) return { error: r.error, status: r.response.status };
      const d = r.data.data;
      const out = Array.isArray(d.compressed_output) ? d.compressed_output.join('\n') : d.compressed_output;
      return { result: { ...d, pairs: [{ title: input.toolName, original: input.toolOutput, compressed: out, unit: d.detected_format === 'json' ? 'json' : 'lines' }], note: `Detected format: ${d.detected_format}.` }, status: r.response.status };
    }
    case 'tool-discovery': {
      const body = { query: input.query, tools: input.tools, compression_model_name: 'tdc_coldbrew_v1' as const, ...(input.maxTools ? { max_tools: input.maxTools } : {}) };
      const r = await client.POST('/api/compress/tool-discovery/', { params: { header }, body });
      if (!r.data) return { error: r.error, status: r.response.status };
      const d = r.data.data;
      // The tools sent, one name per line: the ones not picked show struck through.
      const all = input.tools.map((t) => ('function' in t ? t.function.name : t.name));
      const picked = all.filter((name) => d.relevant_tools.includes(name));
      return {
        result: { ...d, pairs: [{ title: 'Tools', original: all.join('\n'), compressed: picked.join('\n'), unit: 'lines' }], note: `${d.tool_count} of ${d.original_tool_count} tools picked, most relevant first: ${d.relevant_tools.join(', ')}.\n${d.reasoning ?? ''}` },
        status: r.response.status,
      };
    }
  }
}
