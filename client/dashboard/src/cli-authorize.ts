/** What a `crema login` asks for in its authorize link (`#/authorize?port=..&state=..&host=..`). */
export interface CliAuthorizeRequest {
  port: number;
  state: string;
  /** The machine the CLI runs on; names the key. */
  host: string | undefined;
}

/** The hash route of the authorize page, query included. */
export const AUTHORIZE_ROUTE = 'authorize';

const STATE = /^[0-9a-f]{64}$/;
const HOST = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Reads the request from a location hash; undefined when it is not a well-formed CLI link (the
 * page then sends nothing anywhere: the key only ever goes to 127.0.0.1 on a valid port).
 */
export function parseCliAuthorize(hash: string): CliAuthorizeRequest | undefined {
  const at = hash.indexOf('?');
  if (at < 0) return undefined;
  const q = new URLSearchParams(hash.slice(at + 1));
  const portText = q.get('port') ?? '';
  const port = Number(portText);
  const state = q.get('state') ?? '';
  const host = q.get('host') ?? undefined;
  if (!/^\d{1,5}$/.test(portText) || port < 1024 || port > 65535) return undefined;
  if (!STATE.test(state)) return undefined;
  if (host !== undefined && !HOST.test(host)) return undefined;
  return { port, state, host };
}

/** The CLI's loopback callback with the outcome: the key, or an error code such as `access_denied`. */
export function cliCallbackUrl(request: CliAuthorizeRequest, outcome: { token: string } | { error: string }): string {
  return `http://127.0.0.1:${request.port}/cb?${new URLSearchParams({ state: request.state, ...outcome }).toString()}`;
}
