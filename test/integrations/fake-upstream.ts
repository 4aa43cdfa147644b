import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface FakeUpstream {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request received, in order. */
  received: RecordedRequest[];
}

/** Answers a request the way the provider would; `body` is the parsed JSON the SDK sent. */
export type Responder = (request: RecordedRequest, res: ServerResponse) => void;

/**
 * A local stand-in for a provider's API (the real ones are out of reach here): records what the
 * SDK sent and answers through `respond`. Registers beforeAll/afterAll.
 */
export function useFakeUpstream(respond: Responder): () => FakeUpstream {
  let server: Server | undefined;
  let current: FakeUpstream | undefined;
  beforeAll(async () => {
    const received: RecordedRequest[] = [];
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const recorded = { path: req.url ?? '', headers: req.headers, body: JSON.parse(text || '{}') as Record<string, unknown> };
        received.push(recorded);
        respond(recorded, res);
      });
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    current = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server!.close(resolve));
  });
  return () => {
    if (!current) throw new Error('useFakeUpstream: the server starts in beforeAll');
    return current;
  };
}

export function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'x-request-id': 'req_fake' });
  res.end(JSON.stringify(body));
}

/** Server-sent events, each `data:` line a JSON chunk (with `event:` lines when named). */
export function sendEvents(res: ServerResponse, events: { event?: string; data: unknown }[], done = false): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  if (done) res.write('data: [DONE]\n\n');
  res.end();
}
