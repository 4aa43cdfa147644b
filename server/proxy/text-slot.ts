/** What a slot of a chat request holds, which decides how (and when) it may be compressed. */
/** A JSON object of a provider's request body. */
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

type SlotKind = 'prose' | 'tool' | 'user';

/**
 * One piece of text inside a provider's chat request that the proxy may rewrite: a message's
 * string content, one of its text parts, or a tool result's text. System prompts, tool calls,
 * images and every other field never become slots, so they are forwarded untouched.
 */
export interface TextSlot {
  /** Position of the slot's message in `messages`. */
  message: number;
  kind: SlotKind;
  text: string;
  /**
   * 1-based number of the user turn the slot belongs to: a turn starts at a user message that
   * carries the user's own words (not only tool results) and holds everything up to the next.
   * 0 before the first user turn.
   */
  userTurn: number;
  /** Writes the replacement text into the (cloned) request body. */
  set(text: string): void;
}

/** A provider's chat body, cloned and read as slots; `body` is what gets forwarded. */
export interface SlottedBody {
  body: Record<string, unknown>;
  slots: TextSlot[];
}

