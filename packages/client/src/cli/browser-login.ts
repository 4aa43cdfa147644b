import { hostname } from 'node:os';
import { startLoginCallback } from './login-callback.js';
import { openBrowser } from './open-browser.js';

/** What `crema login` without `--key` needs from its surroundings (tests replace the browser). */
export interface BrowserLoginOptions {
  baseUrl: string;
  /** How long to wait for the approval. Default 120 s. */
  timeoutMs?: number;
  /** Try to open a browser (default true); the URL is printed either way. */
  open?: boolean;
  /** Names the key on the server; default this machine's host name. */
  host?: string;
  say?: (line: string) => void;
  openUrl?: (url: string) => Promise<boolean>;
}

/** The host name as the server accepts it in a key name: letters, digits, `.`, `_`, `-`, at most 64. */
export function keyHost(raw: string): string | undefined {
  const cleaned = raw.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 64).replace(/-+$/, '');
  return cleaned || undefined;
}

/** The dashboard page where the signed-in user approves this login. */
export function authorizeUrl(baseUrl: string, params: { port: number; state: string; host: string | undefined }): string {
  const query = new URLSearchParams({ port: String(params.port), state: params.state, ...(params.host ? { host: params.host } : {}) });
  return `${baseUrl.replace(/\/$/, '')}/dashboard/#/authorize?${query.toString()}`;
}

/**
 * The browser half of `crema login`: a one-shot callback on 127.0.0.1, the authorize page opened
 * (or its URL printed), then the key the page delivers. Rejects with `LoginFailed` on a denial
 * or after the timeout; the listener is closed either way.
 */
export async function browserLogin(options: BrowserLoginOptions): Promise<string> {
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const timeoutMs = options.timeoutMs ?? 120_000;
  const callback = await startLoginCallback({ timeoutMs });
  try {
    const url = authorizeUrl(options.baseUrl, { port: callback.port, state: callback.state, host: keyHost(options.host ?? hostname()) });
    const opened = options.open === false ? false : await (options.openUrl ?? openBrowser)(url);
    say(opened ? 'Opened the crema dashboard in your browser to approve this login. If it did not appear, open:' : 'Open this URL in a browser where you can sign in to crema, and approve the login:');
    say(`    ${url}`);
    say(`Waiting up to ${Math.round(timeoutMs / 1000)} s for the approval (Ctrl-C to abort)...`);
    return await callback.key;
  } finally {
    await callback.close();
  }
}

