import type { components } from './generated/schema.js';
import { CremaError } from './crema-error.js';

export type StreamEvent = components['schemas']['StreamEvent'];

/**
 * Reads the `data: <json>` frames of a `/stream` response as they are, error frames included.
 * Frames may be split across network chunks, so text is buffered until the blank line that
 * ends each frame.
 */
export async function* readStreamEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      buffer = buffer.replace(/\r\n/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        if (data) yield JSON.parse(data) as StreamEvent;
      }
      if (done) return;
    }
  } finally {
    // a consumer that stops early must not leave the connection open
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * Like {@link readStreamEvents}, but an `error` frame (the stream aborted after it opened)
 * becomes a thrown {@link CremaError} with code `stream_error` and the frame's message.
 */
export async function* streamEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  for await (const event of readStreamEvents(body)) {
    if (event.error) throw new CremaError({ status: 200, code: 'stream_error', message: event.error, body: event });
    yield event;
  }
}
