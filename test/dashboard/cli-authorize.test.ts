import { describe, expect, it } from 'vitest';
import { authorizeUrl, keyHost } from '../../packages/client/src/cli/browser-login.js';
import { cliCallbackUrl, parseCliAuthorize } from '../../client/dashboard/src/cli-authorize.js';

const state = 'ab'.repeat(32);
const hashOf = (url: string) => new URL(url).hash;

describe('the CLI login link: what the CLI prints is what the authorize page reads', () => {
  it('round-trips port, state and host through the dashboard hash', () => {
    const url = authorizeUrl('http://127.0.0.1:8080/', { port: 53123, state, host: 'dev-laptop.local' });
    expect(url).toBe(`http://127.0.0.1:8080/dashboard/#/authorize?port=53123&state=${state}&host=dev-laptop.local`);
    expect(parseCliAuthorize(hashOf(url))).toEqual({ port: 53123, state, host: 'dev-laptop.local' });
    expect(parseCliAuthorize(hashOf(authorizeUrl('http://x', { port: 2000, state, host: undefined })))).toEqual({ port: 2000, state, host: undefined });
  });

  it.each([
    ['no query', '#/authorize'],
    ['a privileged port', `#/authorize?port=80&state=${state}`],
    ['a port out of range', `#/authorize?port=70000&state=${state}`],
    ['a port that is not a number', `#/authorize?port=12ab&state=${state}`],
    ['a short state', '#/authorize?port=5000&state=abc'],
    ['an upper-case state', `#/authorize?port=5000&state=${state.toUpperCase()}`],
    ['a host with a slash', `#/authorize?port=5000&state=${state}&host=evil.com/x`],
  ])('refuses a link with %s (nothing is sent anywhere)', (_why, hash) => {
    expect(parseCliAuthorize(hash)).toBeUndefined();
  });

  it('the callback always goes to 127.0.0.1 on the given port, the state and outcome as query', () => {
    const request = { port: 5000, state, host: undefined };
    expect(cliCallbackUrl(request, { token: 'cmp_abc' })).toBe(`http://127.0.0.1:5000/cb?state=${state}&token=cmp_abc`);
    expect(cliCallbackUrl(request, { error: 'access_denied' })).toBe(`http://127.0.0.1:5000/cb?state=${state}&error=access_denied`);
  });

  it('keyHost makes any host name one the server accepts in a key name', () => {
    expect(keyHost('Dev Laptop (2)')).toBe('Dev-Laptop-2');
    expect(keyHost('..hidden')).toBe('hidden');
    expect(keyHost('x'.repeat(100))).toHaveLength(64);
    expect(keyHost('***')).toBeUndefined();
  });
});
