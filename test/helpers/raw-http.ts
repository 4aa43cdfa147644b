import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `head` (request line and headers, CRLF-joined, without the blank line) and `body` over a
 * bare socket, exactly as written: supertest and Node's client add Content-Length themselves, so
 * a bodyless POST or a malformed request line can only be sent this way. The reply must be one
 * response with `Connection: close`.
 */
export function rawRequest(baseUrl: string, head: string[], body = ''): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // Written, not ended: a half-closed socket reads as a client that left, and the server may
    // then drop a request whose handler is still waiting on the database (seen on PostgreSQL).
    // `Connection: close` makes the server close it once the response is out.
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${[...head, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`);
    });
    socket.setTimeout(30_000, () => socket.destroy(new Error('no answer within 30 s')));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      // latin1 keeps one char per byte, so chunk sizes (bytes) index the string; utf8 at the end.
      const text = Buffer.concat(chunks).toString('latin1');
      const [headText = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = headText.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let payload = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') payload = dechunk(payload);
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: Buffer.from(payload, 'latin1').toString('utf8') });
    });
  });
}

function dechunk(raw: string): string {
  let out = '';
  let rest = raw;
  for (;;) {
    const nl = rest.indexOf('\r\n');
    if (nl < 0) return out;
    const size = parseInt(rest.slice(0, nl), 16);
    if (!size) return out;
    out += rest.slice(nl + 2, nl + 2 + size);
    rest = rest.slice(nl + 2 + size + 2);
  }
}
