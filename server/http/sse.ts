import type { Response } from 'express';
import type { components } from '../../generated/schema.js';

export type StreamEvent = components['schemas']['StreamEvent'];

/** Opens a Server-Sent Events response; after this, failures can only be reported as frames. */
export function openEventStream(res: Response): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  // No Connection header of our own: Node answers keep-alive, or close when the client asked to close.
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
}

/** Writes one `data: <json>` frame; a no-op once the client has gone. */
export function writeEvent(res: Response, event: StreamEvent): void {
  if (!res.writableEnded && !res.destroyed) res.write(`data: ${JSON.stringify(event)}\n\n`);
}
