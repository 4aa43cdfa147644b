import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { EXIT, reportError } from '../../packages/client/src/cli/exit-code.js';
import { missingPackage, MissingPeer } from '../../packages/client/src/cli/optional-peer.js';

const PEERS = ['@modelcontextprotocol/sdk', 'zod'];
/** Imports a module by a name tsc cannot check (these are not installed on purpose). */
const importAbsent = (name: string): Promise<unknown> => import(name);

describe('optional peers of crema mcp', () => {
  it('names the missing package from the errors Node really throws, for import and require', async () => {
    const esm = await importAbsent('@modelcontextprotocol/sdk-not-here/server/stdio.js').catch((e: unknown) => e);
    const cjs = (() => {
      try {
        return createRequire(import.meta.url)('zod-not-here');
      } catch (e) {
        return e;
      }
    })();
    // the names above are not installed; these stand in for the real ones being absent
    expect(missingPackage(esm, ['@modelcontextprotocol/sdk-not-here'])).toBe('@modelcontextprotocol/sdk-not-here');
    expect(missingPackage(cjs, ['zod-not-here'])).toBe('zod-not-here');
  });

  it('leaves other failures alone: another missing module, or a module that throws', async () => {
    const other = await importAbsent('left-pad-not-here').catch((e: unknown) => e);
    expect(missingPackage(other, PEERS)).toBeUndefined();
    expect(missingPackage(new Error("Cannot find package 'zod'"), PEERS)).toBeUndefined();
  });

  it('is one line and exit 2 in the CLI', () => {
    const lines: string[] = [];
    const exit = reportError(new MissingPeer('crema mcp needs zod: npm install @modelcontextprotocol/sdk zod'), (l) => lines.push(l));
    expect({ exit, lines }).toEqual({ exit: EXIT.api, lines: ['error: crema mcp needs zod: npm install @modelcontextprotocol/sdk zod'] });
  });
});
