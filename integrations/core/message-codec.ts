/**
 * What the conversation compressor needs to know about one SDK's message type: the narrow view
 * that lets one algorithm serve OpenAI, Anthropic and AI SDK messages alike.
 */
export interface MessageCodec<M> {
  /**
   * `system` (never compressed), `user`, `assistant`, or `tool` for a message that answers an
   * earlier tool call (it must stay next to that call, so the recent turns never start with one).
   */
  kind(message: M): 'system' | 'user' | 'assistant' | 'tool';
  /** The message's text parts in order (images, tool calls and other parts are not text parts). */
  texts(message: M): string[];
  /** The same message with its text parts replaced, same count and order. */
  withTexts(message: M, texts: string[]): M;
  /** The message as plain text for the history summary, tool calls and results included. */
  flatten(message: M): string;
  /** A user message carrying `text` (the summary of the older turns). */
  userMessage(text: string): M;
}
