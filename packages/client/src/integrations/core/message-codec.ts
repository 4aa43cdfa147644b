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
  /** The tool outputs the message carries (results of earlier tool calls), in order; [] for other messages. */
  toolOutputs(message: M): ToolOutput[];
  /** The same message with its tool outputs replaced, same count and order (a JSON output becomes text). */
  withToolOutputs(message: M, outputs: string[]): M;
  /** A user message carrying `text` (the summary of the older turns). */
  userMessage(text: string): M;
}

/** One tool result as text; `toolName` is 'tool' where the message does not say. */
export interface ToolOutput {
  toolName: string;
  text: string;
}
