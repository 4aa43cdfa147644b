import type { components } from '../generated/schema.js';
import type { CremaClient } from '../create-client.js';
import type { FamilyName } from '../families.js';
import type { InputFile } from './inputs.js';
import { UsageError } from './usage-error.js';

type Schemas = components['schemas'];

/** The compress options the CLI takes, already checked against the family. */
export interface CompressOptions {
  family: FamilyName;
  model: string;
  query: string | undefined;
  ratio: number | undefined;
  coarse: boolean | undefined;
}

/** One compressed input, whatever the family: the wire result plus what the CLI prints and counts. */
export interface Outcome {
  name: string;
  /** The output text (history: the ready-to-send messages as JSON: system, the summary, the recent turns). */
  text: string;
  originalTokens: number;
  compressedTokens: number;
  /** The wire result, for `--json`. */
  result: unknown;
}

/** Rejects options the family's routes would answer 422 to, before anything is sent. */
export function checkOptions(o: CompressOptions): void {
  if (o.family === 'question-specific' && !o.query) throw new UsageError('question-specific compression needs --query');
  if ((o.family === 'question-agnostic' || o.family === 'markdown') && o.query) throw new UsageError(`${o.family} compression takes no --query`);
  if ((o.family === 'history' || o.family === 'tool-output') && o.coarse !== undefined) throw new UsageError(`--coarse/--fine do not apply to ${o.family}`);
  if (o.family === 'tool-discovery') throw new UsageError("tool-discovery answers tool names, not text: use 'crema discover --query ... tools.json'");
}

function messagesOf(file: InputFile): Schemas['ChatMessage'][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.text);
  } catch {
    throw new UsageError(`${file.name}: history input must be JSON (an array of {role, content} messages, or {messages: [...]})`);
  }
  const messages = Array.isArray(parsed) ? parsed : (parsed as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) throw new UsageError(`${file.name}: no messages array found`);
  return messages as Schemas['ChatMessage'][];
}

const outcome = (name: string, text: string, r: { original_tokens: number; compressed_tokens: number }, result: unknown): Outcome => ({
  name,
  text,
  originalTokens: r.original_tokens,
  compressedTokens: r.compressed_tokens,
  result,
});

const toolText = (out: string | string[]): string => (Array.isArray(out) ? out.join('\n') : out);

/** Compresses one input with the family's single route. */
export async function compressOne(crema: CremaClient, o: CompressOptions, file: InputFile): Promise<Outcome> {
  const ratio = o.ratio === undefined ? {} : { targetCompressionRatio: o.ratio };
  const coarse = o.coarse === undefined ? {} : { coarse: o.coarse };
  switch (o.family) {
    case 'question-specific': {
      const r = await crema.compress('question-specific', { context: file.text, query: o.query!, compressionModelName: o.model as Schemas['QuestionSpecificModelName'], ...ratio, ...coarse });
      return outcome(file.name, r.compressed_context, r, r);
    }
    case 'question-agnostic': {
      const r = await crema.compress('question-agnostic', { context: file.text, compressionModelName: o.model as Schemas['QuestionAgnosticModelName'], ...ratio, ...coarse });
      return outcome(file.name, r.compressed_context, r, r);
    }
    case 'markdown': {
      const r = await crema.compress('markdown', { context: file.text, compressionModelName: o.model as Schemas['MarkdownModelName'], ...ratio, ...coarse });
      return outcome(file.name, r.compressed_context, r, r);
    }
    case 'history': {
      const r = await crema.compress('history', { messages: messagesOf(file), compressionModelName: o.model as Schemas['HistoryModelName'], ...(o.query ? { query: o.query } : {}), ...ratio });
      return outcome(file.name, `${JSON.stringify(r.messages, null, 2)}\n`, r, r);
    }
    case 'tool-output': {
      const r = await crema.compress('tool-output', { toolOutput: file.text, toolName: file.name, compressionModelName: o.model as Schemas['ToolOutputModelName'], ...(o.query ? { query: o.query } : {}), ...ratio });
      return outcome(file.name, toolText(r.compressed_output), r, r);
    }
    case 'tool-discovery':
      throw new UsageError("use 'crema discover' for tool-discovery");
  }
}

/** Compresses up to 100 inputs with one call to the family's batch route; outcomes in input order. */
export async function compressChunk(crema: CremaClient, o: CompressOptions, files: InputFile[]): Promise<Outcome[]> {
  const ratio = o.ratio === undefined ? {} : { targetCompressionRatio: o.ratio };
  const coarse = o.coarse === undefined ? {} : { coarse: o.coarse };
  const query = o.query ? { query: o.query } : {};
  const name = (i: number): string => files[i]!.name;
  switch (o.family) {
    case 'question-specific': {
      const r = await crema.compressBatch('question-specific', { inputs: files.map((f) => ({ context: f.text, query: o.query! })), compressionModelName: o.model as Schemas['QuestionSpecificModelName'], ...ratio, ...coarse });
      return r.results.map((x, i) => outcome(name(i), x.compressed_context, x, x));
    }
    case 'question-agnostic': {
      const r = await crema.compressBatch('question-agnostic', { inputs: files.map((f) => ({ context: f.text })), compressionModelName: o.model as Schemas['QuestionAgnosticModelName'], ...ratio, ...coarse });
      return r.results.map((x, i) => outcome(name(i), x.compressed_context, x, x));
    }
    case 'markdown': {
      const r = await crema.compressBatch('markdown', { inputs: files.map((f) => ({ context: f.text })), compressionModelName: o.model as Schemas['MarkdownModelName'], ...ratio, ...coarse });
      return r.results.map((x, i) => outcome(name(i), x.compressed_context, x, x));
    }
    case 'history': {
      const r = await crema.compressBatch('history', { inputs: files.map((f) => ({ messages: messagesOf(f), ...query })), compressionModelName: o.model as Schemas['HistoryModelName'], ...ratio });
      return r.results.map((x, i) => outcome(name(i), `${JSON.stringify(x.messages, null, 2)}\n`, x, x));
    }
    case 'tool-output': {
      const r = await crema.compressBatch('tool-output', { inputs: files.map((f) => ({ toolOutput: f.text, toolName: f.name, ...query })), compressionModelName: o.model as Schemas['ToolOutputModelName'], ...ratio });
      return r.results.map((x, i) => outcome(name(i), toolText(x.compressed_output), x, x));
    }
    case 'tool-discovery':
      throw new UsageError("use 'crema discover' for tool-discovery");
  }
}
