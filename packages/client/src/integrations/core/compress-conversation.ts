import type { CremaClient } from '../../index.js';
import { compressTexts, DEFAULT_MIN_CHARS, type TextCompressionOptions } from './compress-texts.js';
import { compressToolOutputs, type ToolOutputCompressionOptions } from './compress-tool-outputs.js';
import type { MessageCodec } from './message-codec.js';

/** Folding the older turns into one summary message through the history family. */
export interface HistoryCompressionOptions {
  /** Messages (system aside) kept verbatim at the end; the window widens back to the nearest user turn. Default 6. */
  keepRecent?: number;
  /** Default: the server's (0.3 of the older turns removed). */
  targetCompressionRatio?: number;
  model?: 'hcc_latte_v1' | 'hcc_espresso_v1';
}

/** What is compressed in a conversation. */
export interface ConversationCompressionOptions {
  /** Long text parts of user turns, towards the question asked in the same turn. Default on; `false` turns it off. */
  documents?: TextCompressionOptions | false;
  /** Large tool results (query-free tool-output model). Default on; `false` turns it off. */
  toolOutputs?: ToolOutputCompressionOptions | false;
  /** Older turns folded into a summary. Default off; `true` or options turn it on. */
  history?: HistoryCompressionOptions | boolean;
}

export interface CompressedConversation<M> {
  messages: M[];
  /** Tokens (o200k, as the server counts) removed in all. */
  tokensSaved: number;
  /** Older messages folded into the summary (0 when history was off or nothing was old enough). */
  messagesSummarized: number;
  /** Document parts that came back shorter. */
  documentsCompressed: number;
  /** Tool results that came back shorter. */
  toolOutputsCompressed: number;
}

const DEFAULT_KEEP_RECENT = 6;

/**
 * Compresses a conversation: with history on, the turns before the recent window become one user
 * message with the server's summary (system messages stay); then large tool results are
 * compressed; then every long text part of a user turn, towards that turn's question. Messages
 * the steps do not touch are returned as the same objects.
 */
export async function compressConversation<M>(client: CremaClient, messages: readonly M[], codec: MessageCodec<M>, options: ConversationCompressionOptions = {}): Promise<CompressedConversation<M>> {
  let out = [...messages];
  let tokensSaved = 0;
  let messagesSummarized = 0;
  if (options.history) {
    const history = options.history === true ? {} : options.history;
    const folded = await foldOlderTurns(client, out, codec, history);
    out = folded.messages;
    tokensSaved += folded.tokensSaved;
    messagesSummarized = folded.summarized;
  }
  let toolOutputsCompressed = 0;
  if (options.toolOutputs !== false) {
    const tools = await compressToolOutputs(client, out, codec, options.toolOutputs ?? {});
    out = tools.messages;
    tokensSaved += tools.tokensSaved;
    toolOutputsCompressed = tools.compressed;
  }
  let documentsCompressed = 0;
  if (options.documents !== false) {
    const docs = await compressDocuments(client, out, codec, options.documents ?? {});
    out = docs.messages;
    tokensSaved += docs.tokensSaved;
    documentsCompressed = docs.compressed;
  }
  return { messages: out, tokensSaved, messagesSummarized, documentsCompressed, toolOutputsCompressed };
}

/** Where the recent window starts: `keepRecent` non-system messages back, widened to a user turn; 0 when nothing is older. */
export function recentStart<M>(messages: readonly M[], codec: MessageCodec<M>, keepRecent: number): number {
  let start = messages.length;
  let counted = 0;
  while (start > 0 && counted < keepRecent) {
    start--;
    if (codec.kind(messages[start]!) !== 'system') counted++;
  }
  // a tool result or an assistant reply without the user turn that led to it would be orphaned
  while (start > 0 && codec.kind(messages[start]!) !== 'user') start--;
  return start;
}

async function foldOlderTurns<M>(client: CremaClient, messages: M[], codec: MessageCodec<M>, options: HistoryCompressionOptions) {
  const start = recentStart(messages, codec, options.keepRecent ?? DEFAULT_KEEP_RECENT);
  const older = messages.slice(0, start);
  const turns = older.filter((m) => codec.kind(m) !== 'system');
  if (turns.length === 0) return { messages, tokensSaved: 0, summarized: 0 };
  // The first recent message goes along with keep_recent 1 so that every older turn is compressed.
  const wire = [...turns, messages[start]!].map((m) => ({ role: codec.kind(m), content: codec.flatten(m) }));
  const result = await client.compress('history', {
    messages: wire,
    keepRecent: 1,
    compressionModelName: options.model ?? 'hcc_latte_v1',
    ...(options.targetCompressionRatio === undefined ? {} : { targetCompressionRatio: options.targetCompressionRatio }),
  });
  const systems = older.filter((m) => codec.kind(m) === 'system');
  const summary = result.summary ? [codec.userMessage(result.summary)] : [];
  return { messages: [...systems, ...summary, ...messages.slice(start)], tokensSaved: result.tokens_saved, summarized: turns.length };
}

/** A text part to compress: `head` goes to the server towards `question`, `tail` (the question itself) stays. */
interface Slot {
  message: number;
  part: number;
  head: string;
  tail: string;
  question: string;
}

/**
 * A user turn's question: its short text parts; or, when it holds only long parts, the last
 * paragraph of the last one (a pasted document followed by the question); '' when it has none.
 */
export function questionOf(texts: readonly string[], minChars: number): { question: string; split?: { part: number; at: number } } {
  const short = texts.filter((t) => t.length < minChars && t.trim());
  if (short.length > 0) return { question: short.join('\n') };
  const last = texts.length - 1;
  if (last < 0) return { question: '' };
  const text = texts[last]!;
  const at = text.trimEnd().lastIndexOf('\n\n');
  const paragraph = at < 0 ? '' : text.slice(at).trim();
  if (paragraph && paragraph.length < minChars) return { question: paragraph, split: { part: last, at } };
  return { question: '' };
}

/**
 * Each user turn's long text parts, compressed towards that turn's own question (question-agnostic
 * when it has none). Not towards the latest question: a turn already sent then compresses to the
 * same bytes on every later call (the server is deterministic), so providers' prompt caches keep hitting.
 */
async function compressDocuments<M>(client: CremaClient, messages: M[], codec: MessageCodec<M>, options: TextCompressionOptions) {
  const minChars = options.minChars ?? DEFAULT_MIN_CHARS;
  const slots: Slot[] = [];
  messages.forEach((m, message) => {
    if (codec.kind(m) !== 'user') return;
    const texts = codec.texts(m);
    const { question, split } = questionOf(texts, minChars);
    texts.forEach((text, part) => {
      const cut = split?.part === part ? split.at : text.length;
      if (cut >= minChars) slots.push({ message, part, head: text.slice(0, cut), tail: text.slice(cut), question });
    });
  });
  const out = [...messages];
  let tokensSaved = 0;
  let compressed = 0;
  for (const question of new Set(slots.map((s) => s.question))) {
    const group = slots.filter((s) => s.question === question);
    const result = await compressTexts(client, group.map((s) => s.head), question, { ...options, minChars });
    tokensSaved += result.tokensSaved;
    group.forEach((slot, k) => {
      const text = result.texts[k]!;
      if (text === slot.head) return;
      compressed++;
      const texts = codec.texts(out[slot.message]!);
      texts[slot.part] = text + slot.tail;
      out[slot.message] = codec.withTexts(out[slot.message]!, texts);
    });
  }
  return { messages: out, tokensSaved, compressed };
}
