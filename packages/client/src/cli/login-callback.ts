import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one-shot loopback listener a browser login hands its key to. */
export interface LoginCallback {
  /** The port on 127.0.0.1 it listens on (chosen by the system). */
  port: number;
  /** 64 hex characters; the callback must bring it back. */
  state: string;
  /** Resolves with the key the page delivered; rejects on a denial, a bad delivery or the timeout. */
  key: Promise<string>;
  close(): Promise<void>;
}

/** Why a browser login ended without a key; `code` is what the page or the timeout said. */
export class LoginFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const STATE = /^[0-9a-f]{64}$/;
const KEY = /^cmp_[A-Za-z0-9]{16,128}$/;
// Codes the page may report are shown to the user: only short plain words get through.
const SAFE_CODE = /^[A-Za-z0-9_-]{1,32}$/;

function sameState(given: string | null, expected: string): boolean {
  if (given === null || !STATE.test(given)) return false;
  // equal lengths by the pattern; constant time so the state cannot be guessed byte by byte
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

function page(res: ServerResponse, status: number, title: string, text: string): void {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · crema</title></head><body><main><h1>${escape(title)}</h1><p>${escape(text)}</p></main></body></html>`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    // nothing on this page may load or run: it only tells the user to go back to the terminal
    'Content-Security-Policy': "default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/**
 * A request another site could have made from the user's browser: a Host other than our own
 * address (DNS rebinding), or a cross-site request that is not a top-level navigation.
 */
function hostile(req: IncomingMessage, port: number): boolean {
  if (req.headers.host !== `127.0.0.1:${port}`) return true;
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'none' || site === 'same-origin') return false;
  return req.headers['sec-fetch-mode'] !== 'navigate' || req.headers['sec-fetch-dest'] !== 'document';
}

/**
 * Listens on 127.0.0.1 (a random free port) for `GET /cb?state=..&token=..` or
 * `GET /cb?state=..&error=..`. A wrong state is answered 400 and the wait goes on (a stray tab
 * cannot end someone's login); the first delivery with the right state ends it, later ones get
 * 410. After `timeoutMs` the key promise rejects with `LoginFailed('timeout')`.
 */
export async function startLoginCallback({ timeoutMs }: { timeoutMs: number }): Promise<LoginCallback> {
  const state = randomBytes(32).toString('hex');
  let settle!: { resolve: (key: string) => void; reject: (err: LoginFailed) => void };
  const key = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  let done = false;
  const finish = (outcome: () => void) => {
    if (done) return;
    done = true;
    outcome();
  };
  let port = 0;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/cb') return page(res, 404, 'Not found', 'Nothing here.');
    if (hostile(req, port)) return page(res, 403, 'Forbidden', 'This request did not come from the crema dashboard.');
    if (!sameState(url.searchParams.get('state'), state)) {
      return page(res, 400, 'This login link is stale', "It does not belong to the login waiting in your terminal. Run 'crema login' again.");
    }
    if (done) return page(res, 410, 'Already used', 'This login has already finished; you can close this tab.');
    const error = url.searchParams.get('error');
    const token = url.searchParams.get('token');
    if (error !== null) {
      const code = SAFE_CODE.test(error) ? error : 'unknown_error';
      finish(() => settle.reject(new LoginFailed(code, code === 'access_denied' ? 'the login was denied in the browser' : `the browser reported ${code}`)));
      return page(res, 400, 'Login not approved', 'Nothing was saved. You can close this tab.');
    }
    if (token === null || !KEY.test(token)) {
      finish(() => settle.reject(new LoginFailed('no_token', 'the browser came back without a valid API key')));
      return page(res, 400, 'No key received', "The approval came back without a key. Run 'crema login' again.");
    }
    finish(() => settle.resolve(token));
    page(res, 200, "You're logged in", 'The API key was handed to crema in your terminal. You can close this tab.');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const timer = setTimeout(() => finish(() => settle.reject(new LoginFailed('timeout', `no approval arrived within ${Math.ceil(timeoutMs / 1000)} s`))), timeoutMs);
  // the key promise may be settled before anyone awaits it; its outcome is read by `await key`
  key.catch(() => undefined);

  return {
    port,
    state,
    key,
    close: async () => {
      clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
