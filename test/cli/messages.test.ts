import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../packages/client/src/cli/main.js';
import { usd } from '../../packages/client/src/cli/money.js';
import { signup } from '../helpers/accounts.js';
import { runCrema } from '../helpers/cli-runner.js';
import { useListeningApp } from '../helpers/listening-app.js';

const t = useListeningApp();
let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'crema-msg-'));
});

/** A port nothing listens on: one the system just handed out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function allCommands(c: Command): Command[] {
  return [c, ...c.commands.flatMap(allCommands)];
}

describe('money in the CLI', () => {
  it.each([
    [10, '$10.00'],
    [0, '$0.00'],
    [0.5, '$0.50'],
    [0.01, '$0.01'],
    [0.999, '$1.00'],
    [1234.567, '$1234.57'],
    [0.0153, '$0.015'],
    [0.00001, '$0.00001'],
    [0.000012345, '$0.000012'],
    [-0.00002, '-$0.00002'],
  ])('%s reads %s', (amount, shown) => {
    expect(usd(amount)).toBe(shown);
  });
});

describe('crema --help', () => {
  it('every command, argument and option has a description', () => {
    const missing: string[] = [];
    for (const c of allCommands(buildProgram())) {
      if (c.name() !== 'crema' && !c.description()) missing.push(`command ${c.name()}`);
      for (const o of c.options) if (!o.description) missing.push(`${c.name()} ${o.flags}`);
      for (const a of c.registeredArguments) if (!a.description) missing.push(`${c.name()} <${a.name()}>`);
    }
    expect(missing).toEqual([]);
  });

  it('keys --help describes its subcommands', { timeout: 60_000 }, async () => {
    const help = await runCrema(['keys', '--help'], { HOME: home });
    expect(help.code).toBe(0);
    for (const sub of ['list', 'create', 'update', 'revoke']) expect(help.stdout).toMatch(new RegExp(`\\n {2}${sub}\\b.*\\s{2,}\\S`));
  });
});

describe('CLI messages name what failed', { timeout: 120_000 }, () => {
  it('could not reach the server names the URL tried', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const run = await runCrema(['compress', '--quiet'], { HOME: home, CREMA_BASE_URL: dead, CREMA_API_KEY: `cmp_${'a'.repeat(40)}` }, 'some text');
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`could not reach the server at ${dead}/api/compress/question-agnostic/ (fetch failed: ECONNREFUSED)`);
    const status = await runCrema(['status'], { HOME: home, CREMA_BASE_URL: dead, CREMA_API_KEY: `cmp_${'a'.repeat(40)}` });
    expect(status.stderr).toContain(`could not reach the server at ${dead}/api/gateway/status`);
  });

  it('compress and discover report a missing file before a missing key', async () => {
    const env = { HOME: home, CREMA_BASE_URL: t().baseUrl };
    const compress = await runCrema(['compress', 'nosuchfile.txt'], env);
    expect(compress.code).toBe(1);
    expect(compress.stderr).toBe('error: no such file or directory: nosuchfile.txt\n');
    const discover = await runCrema(['discover', '--query', 'x', 'nosuchtools.json'], env);
    expect(discover.code).toBe(1);
    expect(discover.stderr).toBe('error: no such file: nosuchtools.json\n');
  });

  it('keys list shows a $0.00001 budget as $0.00001; keys update changes it and says so', async () => {
    const env = { HOME: join(home, 'keys'), CREMA_BASE_URL: t().baseUrl };
    const { email } = await signup(t().app);
    expect((await runCrema(['signin', '--email', email, '--password', 'correct horse battery'], env)).code).toBe(0);
    const created = await runCrema(['keys', 'create', '--name', 'tiny', '--budget', '0.00001', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as { id: string }).id;
    const list = await runCrema(['keys', 'list'], env);
    expect(list.stdout).toMatch(/tiny\s+cmp_\w+\.\.\.\s+user\s+ACTIVE\s+\$0\.00\s+\$0\.00001\s/);

    const raised = await runCrema(['keys', 'update', id, '--budget', '25'], env);
    expect(raised.code, raised.stderr).toBe(0);
    expect(raised.stderr).toBe("Key 'tiny' (" + raised.stderr.split('(')[1]!.split(')')[0] + '): monthly budget $25.00, $0.00 spent this month.\n');
    const removed = await runCrema(['keys', 'update', id, '--budget', 'none'], env);
    expect(removed.stderr).toContain('monthly budget none (no cap)');
    const bad = await runCrema(['keys', 'update', id, '--budget', '-3'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--budget is a positive amount in USD or 'none', got '-3'");
  });
});
