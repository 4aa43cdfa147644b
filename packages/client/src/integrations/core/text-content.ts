/** Message content as OpenAI, Anthropic and the AI SDK all hold it: a string, or parts where text parts are `{type: 'text', text}`. */
export type TextContent = string | readonly unknown[] | null | undefined;

function isTextPart(part: unknown): part is { type: 'text'; text: string } {
  return typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string';
}

/** The text parts of `content`, in order. */
export function textsOf(content: TextContent): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.filter(isTextPart).map((p) => p.text);
}

/** `content` with its text parts replaced in order; other parts and fields kept. */
export function replaceTexts<C extends TextContent>(content: C, texts: readonly string[]): C {
  if (typeof content === 'string') return (texts[0] ?? content) as C;
  if (!Array.isArray(content)) return content;
  let k = 0;
  return content.map((part: unknown) => (isTextPart(part) ? { ...part, text: texts[k++] ?? part.text } : part)) as unknown as C;
}
