import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Response } from 'express';

// Hop-by-hop headers (RFC 9110 7.6.1) and what the proxy sets itself; everything else passes both ways.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'content-length', 'expect', 'x-crema-key', 'cookie']);

/** The caller's headers as the upstream gets them: its provider key and version headers included, the crema key not. */
function upstreamHeaders(incoming: IncomingHttpHeaders, bodyBytes: number): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value !== undefined && !NOT_FORWARDED.has(name)) out[name] = value;
  }
  out['content-type'] = 'application/json';
  out['content-length'] = bodyBytes;
  return out;
}

/** The upstream could not be reached or broke off before answering. */
export class UpstreamUnreachable extends Error {
  override name = 'UpstreamUnreachable';
}

/**
 * Sends the body to `url` and pipes the answer back unchanged (status, end-to-end headers, body bytes as
 * they arrive: SSE frame by frame, gzip stays gzip), adding `headers`. Rejects with UpstreamUnreachable
 * when nothing was answered; a break after that ends the caller's response early, as upstream's did.
 */
export function forwardToUpstream(url: URL, body: string, incoming: IncomingHttpHeaders, res: Response, headers: Record<string, string>): Promise<void> {
  const bytes = Buffer.from(body);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<void>((resolve, reject) => {
    const attempt = (retried: boolean) => {
      const req = send(url, { method: 'POST', headers: upstreamHeaders(incoming, bytes.length) }, (up) => {
        res.status(up.statusCode ?? 502);
        for (const [name, value] of Object.entries(up.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
        }
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.flushHeaders();
        up.pipe(res);
        up.on('error', () => res.destroy());
        up.on('close', () => resolve());
      });
      // The caller went away: stop the upstream call (and its billing at the provider).
      const onGone = () => {
        if (!res.writableFinished) req.destroy();
      };
      res.once('close', onGone);
      req.on('error', (err: NodeJS.ErrnoException) => {
        res.off('close', onGone);
        if (res.headersSent) return resolve();
        // A kept-alive socket the upstream closed while idle: the request never reached it, send it once more.
        if (!retried && req.reusedSocket && err.code === 'ECONNRESET') return attempt(true);
        reject(new UpstreamUnreachable(`upstream ${url.origin} unreachable: ${err.message}`, { cause: err }));
      });
      req.end(bytes);
    };
    attempt(false);
  });
}
