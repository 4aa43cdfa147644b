import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';

const run = promisify(execFile);
const PACKAGE_DIR = new URL('../../packages/client/', import.meta.url).pathname;

/** The environment without npm's lifecycle variables (a run under `npm test` would point the nested npm at the repository). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  return { ...env, ...extra };
}

async function sizeOnDisk(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const name of await readdir(path)) total += await sizeOnDisk(join(path, name));
  return total;
}

/** Installed packages under node_modules (scoped ones counted one by one), the package itself excluded. */
async function installedPackages(nodeModules: string): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(nodeModules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) for (const sub of await readdir(join(nodeModules, entry))) names.push(`${entry}/${sub}`);
    else names.push(entry);
  }
  return names.filter((n) => n !== 'crema-client').sort();
}

/** The optional peers the subpath checks load: the root's copies, linked (no registry, no install time). `crema mcp`'s SDK stays out. */
const LINKED_PEERS = ['@langchain/core', '@llamaindex/core', 'ai', 'openai', '@anthropic-ai/sdk'];

const t = useListeningApp();
let project: string;
let env: NodeJS.ProcessEnv;
/** node_modules as the tarball's install left it, before the peers are linked. */
let plainInstall: { deps: string[]; bytes: number };

// The tarball packs the dist/ global setup built from the current sources (scripts/build.mjs
// --if-stale runs the package's prepack build): packing runs no script, so the CLI tests running
// that dist meanwhile never see it rebuilt. `npm install` may fetch dependencies from the registry
// when they are not in npm's cache: minutes on a busy machine.
beforeAll(async () => {
  const work = await mkdtemp(join(tmpdir(), 'crema-pack-'));
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: PACKAGE_DIR, env: cleanEnv(), maxBuffer: 16 << 20 });
  const tarball = join(work, (JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[])[0]!.filename);
  project = join(work, 'app');
  await run('mkdir', ['-p', project]);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: project, env: cleanEnv() });
  const nodeModules = join(project, 'node_modules');
  plainInstall = { deps: await installedPackages(nodeModules), bytes: await sizeOnDisk(nodeModules) };
  for (const name of LINKED_PEERS) {
    await mkdir(dirname(join(nodeModules, name)), { recursive: true });
    await symlink(await realpath(new URL(`../../node_modules/${name}`, import.meta.url).pathname), join(nodeModules, name), 'dir');
  }
  const { token } = await signup(t().app);
  const { key, id } = await createKey(t().app, token);
  // the client program caps KEY's budget near its spend; the subpath programs use a key of their own
  const { key: spareKey } = await createKey(t().app, token, { name: 'subpaths' });
  env = cleanEnv({ BASE_URL: t().baseUrl, KEY: key, KEY_ID: id, SPARE_KEY: spareKey, TOKEN: token, HOME: work });
}, 600_000);

/** The same program, once through `require` and once through `import`: compress, key update, timeout, abort. */
const PROGRAM = (load: string) => `${load}
const { BASE_URL, KEY, KEY_ID, TOKEN } = process.env;
(async () => {
  const crema = createCremaClient({ baseUrl: BASE_URL, apiKey: KEY, timeout: 30000 });
  const out = await crema.compress('question-agnostic', { context: 'The volcano erupted in 1815. Ash fell for days across the islands, and crops failed the next year.', compressionModelName: 'espresso_v1', targetCompressionRatio: 0.5 });
  const session = createCremaClient({ baseUrl: BASE_URL, token: TOKEN });
  const updated = await session.keys.update(KEY_ID, { monthlyBudgetUsd: 0.00001 });
  const aborted = await crema.tiers({ signal: AbortSignal.abort() }).catch((e) => e);
  // A server that accepts and never answers: a 1 ms timeout against the real one raced a fast answer.
  const sockets = [];
  const silent = (await import('node:net')).createServer((s) => sockets.push(s)).listen(0, '127.0.0.1');
  await new Promise((r) => silent.once('listening', r));
  const slow = createCremaClient({ baseUrl: 'http://127.0.0.1:' + silent.address().port, timeout: 200, retry: false });
  const timedOut = await slow.tiers().catch((e) => e);
  silent.close();
  for (const s of sockets) s.destroy();
  const dead = await createCremaClient({ baseUrl: 'http://127.0.0.1:9', retry: false }).tiers().catch((e) => e);
  console.log(JSON.stringify({
    compressed: out.compressed_context, originalTokens: out.original_tokens,
    budget: updated.monthly_budget_usd,
    aborted: [aborted instanceof CremaError, aborted.code],
    timedOut: [timedOut instanceof CremaError, timedOut.code],
    dead: [dead.code, dead.message],
  }));
})().catch((e) => { console.error(e); process.exit(1); });
`;

describe('crema-client installed from its npm pack tarball into an empty project', { timeout: 120_000 }, () => {
  it('installs with at most 5 dependencies and under 5 MB', async () => {
    const nodeModules = join(project, 'node_modules');
    const { deps, bytes } = plainInstall;
    console.log(`crema-client install: ${deps.length} dependencies (${deps.join(', ')}), ${(bytes / 1e6).toFixed(2)} MB in node_modules`);
    expect(deps.length).toBeLessThanOrEqual(5);
    expect(bytes).toBeLessThan(5e6);
    const manifest = JSON.parse(await readFile(join(nodeModules, 'crema-client', 'package.json'), 'utf8')) as { dependencies: Record<string, string>; peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['commander', 'openapi-fetch']);
    // every framework the integrations need is an optional peer: a plain install brings none of them
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual([...LINKED_PEERS, '@modelcontextprotocol/sdk', 'zod'].sort());
    for (const name of Object.keys(manifest.peerDependencies)) expect(manifest.peerDependenciesMeta[name]).toEqual({ optional: true });
  });

  it.each([
    ['require', 'main.cjs', "const { createCremaClient, CremaError } = require('crema-client');"],
    ['import', 'main.mjs', "import { createCremaClient, CremaError } from 'crema-client';"],
  ])('runs a program loaded with %s against a real server', async (_, file, load) => {
    await writeFile(join(project, file), PROGRAM(load));
    const { stdout } = await run(process.execPath, [file], { cwd: project, env });
    const r = JSON.parse(stdout) as Record<string, unknown>;
    expect(r['originalTokens']).toBeGreaterThan(0);
    expect(typeof r['compressed']).toBe('string');
    expect(r['budget']).toBe(0.00001);
    expect(r['aborted']).toEqual([true, 'aborted']);
    expect(r['timedOut']).toEqual([true, 'timeout']);
    expect(r['dead']).toEqual(['network_error', expect.stringContaining('could not reach the server at http://127.0.0.1:9/api/billing/tiers')]);
  });

  it.each([
    ['require', 'subpaths.cjs', 'const load = async (name) => require(name);\nconst where = (name) => require.resolve(name);'],
    ['import', 'subpaths.mjs', 'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);\nconst load = (name) => import(name);\nconst where = (name) => import.meta.resolve(name);'],
  ])('the integration subpaths load with %s, next to the peers they need', async (_, file, loader) => {
    await writeFile(join(project, file), `${loader}
(async () => {
  const { CremaDocumentCompressor } = await load('crema-client/langchain');
  const { BaseDocumentCompressor } = await load('@langchain/core/retrievers/document_compressors');
  const { Document } = await load('@langchain/core/documents');
  const compressor = new CremaDocumentCompressor({ baseUrl: process.env.BASE_URL, apiKey: process.env.SPARE_KEY, targetCompressionRatio: 0.5 });
  const [doc] = await compressor.compressDocuments([new Document({ pageContent: 'The volcano erupted in 1815. Ash fell for days across the islands, and crops failed the next year. Fishing boats stayed in port.', metadata: { source: 'a.md' } })], 'When did the volcano erupt?');
  console.log(JSON.stringify({
    // the compressor extends the project's own @langchain/core class: one copy, shared
    isLangchainCompressor: compressor instanceof BaseDocumentCompressor,
    doc: { text: doc.pageContent, metadata: doc.metadata },
    exports: {
      llamaindex: typeof (await load('crema-client/llamaindex')).CremaNodePostprocessor,
      aiSdk: typeof (await load('crema-client/ai-sdk')).cremaMiddleware,
      openai: typeof (await load('crema-client/openai')).withCrema,
      anthropic: typeof (await load('crema-client/anthropic')).withCrema,
    },
    mcp: where('crema-client/mcp'),
  }));
})().catch((e) => { console.error(e); process.exit(1); });
`);
    const { stdout } = await run(process.execPath, [file], { cwd: project, env });
    const r = JSON.parse(stdout) as { isLangchainCompressor: boolean; doc: { text: string; metadata: unknown }; exports: Record<string, string>; mcp: string };
    expect(r.isLangchainCompressor).toBe(true);
    expect(r.doc.metadata).toEqual({ source: 'a.md' });
    expect(r.doc.text).toContain('1815');
    expect(r.exports).toEqual({ llamaindex: 'function', aiSdk: 'function', openai: 'function', anthropic: 'function' });
    // resolved, not loaded: the MCP SDK is not installed here
    const build = file.endsWith('.cjs') ? 'cjs' : 'esm';
    expect(r.mcp).toMatch(new RegExp(`crema-client/dist/${build}/integrations/mcp/index\\.js$`));
  });

  it('crema mcp without the MCP SDK installed says what to install, in one line, exit 2', async () => {
    const bin = join(project, 'node_modules', '.bin', 'crema');
    const failed = await run(bin, ['mcp'], { cwd: project, env }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
    );
    expect(failed).toEqual({ code: 2, stderr: 'error: crema mcp needs @modelcontextprotocol/sdk: npm install @modelcontextprotocol/sdk zod\n' });
  });

  it('types resolve for both, subpaths included: tsc checks an ESM and a CommonJS file against the installed .d.ts', async () => {
    await writeFile(join(project, 'check.mts'), "import { createCremaClient, type CremaClient } from 'crema-client';\nconst c: CremaClient = createCremaClient({ baseUrl: 'http://x', timeout: 5 });\nexport const p: Promise<number> = c.compress('markdown', { context: 'x', compressionModelName: 'markdown_v1' }).then((r) => r.original_tokens);\nimport { CremaDocumentCompressor } from 'crema-client/langchain';\nexport const d: Promise<string[]> = new CremaDocumentCompressor({ client: c }).compressDocuments([], 'q').then((docs) => docs.map((doc) => doc.pageContent));\n");
    // the expected error below fails the check when the types do not load (everything `any`)
    await writeFile(join(project, 'check.cts'), "import { createCremaClient } from 'crema-client';\nexport const k = createCremaClient({ baseUrl: 'http://x' }).keys.update('id', { monthlyBudgetUsd: null });\n// @ts-expect-error timeout is milliseconds\ncreateCremaClient({ baseUrl: 'http://x', timeout: 'soon' });\nimport { withCrema } from 'crema-client/openai';\n// @ts-expect-error not an OpenAI client\nwithCrema({ chat: {} });\n");
    const tsc = new URL('../../node_modules/typescript/lib/tsc.js', import.meta.url).pathname;
    const args = [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', '--typeRoots', new URL('../../node_modules/@types', import.meta.url).pathname, 'check.mts', 'check.cts'];
    const result = await run(process.execPath, args, { cwd: project, env }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );
    expect(result).toEqual({ code: 0, stdout: '' });
  }, 300_000);

  it('the crema bin runs from the install: --help, and compress against the server', async () => {
    const bin = join(project, 'node_modules', '.bin', 'crema');
    const help = await run(bin, ['--help'], { cwd: project, env });
    expect(help.stdout).toContain('Compress text for LLM prompts');
    await writeFile(join(project, 'doc.txt'), 'The volcano erupted in 1815. Ash fell for days across the islands, and crops failed the next year.');
    const out = await run(bin, ['compress', 'doc.txt', '--quiet'], { cwd: project, env: { ...env, CREMA_BASE_URL: env['BASE_URL'], CREMA_API_KEY: env['KEY'] } });
    expect(out.stdout.length).toBeGreaterThan(0);
  });
});
