import type { components } from '../generated/schema.js';

export type StreamEvent = components['schemas']['StreamEvent'];

/**
 * Reads the `data: <json>` frames of a `/stream` response. Frames may be split across network
 * chunks, so text is buffered until the blank line that ends each frame.
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
    reader.releaseLock();
  }
}
