import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake upstream received for one request. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The exact bytes it answered with. */
  answered: Buffer;
}

export interface FakeUpstream {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A provider stand-in that records each request and answers like one: a JSON completion, or with
 * `stream: true` an SSE stream written in several chunks (frames split across writes). The answer
 * embeds the request number and odd spacing, so a byte-for-byte comparison means something.
 * `"model": "fail-429"` answers a provider error with that status.
 */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const n = received.length + 1;
      const entry: Received = { path: req.url ?? '', headers: req.headers, body, answered: Buffer.alloc(0) };
      received.push(entry);
      const model = String(body['model']);
      const fail = /^fail-(\d{3})$/.exec(model);
      if (fail) {
        entry.answered = Buffer.from(`{"error": {"message": "upstream says no", "type": "rate_limit_error", "code": "rate_limit_exceeded"}}`);
        res.writeHead(Number(fail[1]), { 'content-type': 'application/json', 'retry-after': '7', 'x-upstream-request': String(n) });
        res.end(entry.answered);
        return;
      }
      if (body['stream'] === true) {
        const frames = [
          `event: message_start\ndata: {"id":"msg_${n}","type":"message_start"}\n\n`,
          `data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n`,
          `data: {"choices":[{"delta":{"content":"lo, request ${n} — ünïcode"}}]}\n\n`,
          'data: [DONE]\n\n',
        ];
        entry.answered = Buffer.from(frames.join(''));
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-upstream-request': String(n) });
        // Split a frame across writes: the proxy must not re-frame what it passes on.
        const bytes = entry.answered;
        const cuts = [0, 17, 60, 61, bytes.length - 5, bytes.length];
        let k = 0;
        const next = () => {
          if (k === cuts.length - 1) return void res.end();
          res.write(bytes.subarray(cuts[k]!, cuts[k + 1]!));
          k++;
          setImmediate(next);
        };
        next();
        return;
      }
      entry.answered = Buffer.from(`{"id":"resp_${n}",  "object":"chat.completion", "choices":[{"message":{"role":"assistant","content":"ok ${n}"}}]}\n`);
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream-request': String(n) });
      res.end(entry.answered);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
