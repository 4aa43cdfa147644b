import { mkdtemp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';
import { TOPICS } from '../helpers/texts.js';
import { runCrema } from '../helpers/cli-runner.js';

const crema = runCrema;
const t = useListeningApp();


const paragraphs = Object.values(TOPICS).flat();
let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'crema-cli-'));
});

// Each child starts node + tsx (1-2 s idle, several seconds when the machine is busy), so these
// tests get room beyond the default 30 s; nothing here asserts on time.
describe('crema CLI as a child process', { timeout: 180_000 }, () => {
  it('login saves a 0600 file; compress on a folder sends token-sized batches and writes outputs and a summary; logout revokes the key and deletes the file', async () => {
    const env = { HOME: home, CREMA_BASE_URL: t().baseUrl };
    const { token } = await signup(t().app);
    const { key } = await createKey(t().app, token);

    const login = await crema(['login', '--key', key], env);
    expect(login.code, login.stderr).toBe(0);
    const file = join(home, '.crema', 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ api_key: key, base_url: t().baseUrl });

    // 101 inputs, one in a subfolder that keeps its relative name
    const input = join(home, 'docs');
    await mkdir(join(input, 'sub'), { recursive: true });
    for (let i = 0; i < 100; i++) await writeFile(join(input, `doc${String(i).padStart(3, '0')}.txt`), `${paragraphs[i % paragraphs.length]} ${paragraphs[(i + 3) % paragraphs.length]}`);
    await writeFile(join(input, 'sub', 'last.txt'), paragraphs.join('\n\n'));
    const out = join(home, 'out');
    const run = await crema(['compress', input, '--out', out, '--ratio', '0.5'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('compressed 100/101 files');
    expect(run.stderr).toContain('compressed 101/101 files');
    expect(run.stderr).toMatch(/inputs\s+original tokens\s+compressed tokens\s+tokens saved\s+removed\s+model\s+cost \(USD\)/);
    expect(run.stderr).toMatch(/\n101\s+\d+\s+\d+\s+\d+\s+[\d.]+%\s+espresso_v1\s+\$\d+\.\d+/);
    expect((await readdir(out)).filter((f) => f.endsWith('.txt'))).toHaveLength(100);
    const last = await readFile(join(out, 'sub', 'last.txt'), 'utf8');
    expect(last.length).toBeGreaterThan(0);
    expect(last.length).toBeLessThan(paragraphs.join('\n\n').length);

    // stdin, the single route, the full result as JSON
    const piped = await crema(['compress', '--query', 'When did the volcano erupt?', '--json', '--quiet'], env, paragraphs.join('\n\n'));
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ target_compression_ratio: null, original_tokens: expect.any(Number) });

    const logout = await crema(['logout'], env);
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stderr).toContain('Revoked key');
    await expect(stat(file)).rejects.toThrow();
    const after = await request(t().app).post('/api/compress/question-agnostic/').set('X-API-Key', key).send({ context: 'x', compression_model_name: 'espresso_v1' });
    expect(after.status).toBe(401);
    const noKey = await crema(['compress', input], env);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('crema login');
  });

  it('exit codes: 2 with the code on an API error, 3 when the server cannot be reached (logout still deletes the file), 1 on a usage error', async () => {
    const rejected = await crema(['login', '--key', `cmp_${'Z'.repeat(40)}`], { HOME: home, CREMA_BASE_URL: t().baseUrl });
    expect(rejected.code).toBe(2);
    expect(rejected.stderr).toContain('invalid_api_key');

    const offline = join(home, 'offline');
    const dead = 'http://127.0.0.1:9';
    const unreachable = await crema(['compress', '--quiet'], { HOME: offline, CREMA_BASE_URL: dead, CREMA_API_KEY: `cmp_${'a'.repeat(40)}` }, 'some text');
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain('could not reach the server');

    await mkdir(join(offline, '.crema'), { recursive: true });
    await writeFile(join(offline, '.crema', 'credentials.json'), JSON.stringify({ base_url: dead, api_key: `cmp_${'a'.repeat(40)}` }));
    const logout = await crema(['logout'], { HOME: offline });
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain('was NOT revoked');
    await expect(stat(join(offline, '.crema', 'credentials.json'))).rejects.toThrow();

    const usage = await crema(['compress', '--family', 'question-specific'], { HOME: home, CREMA_API_KEY: `cmp_${'a'.repeat(40)}` }, 'text');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('--query');
  });

  it('signin opens a bearer session for keys create, list, revoke and usage', async () => {
    const env = { HOME: join(home, 'admin'), CREMA_BASE_URL: t().baseUrl };
    const { email } = await signup(t().app);
    expect((await crema(['signin', '--email', email, '--password', 'correct horse battery'], env)).code).toBe(0);

    const created = await crema(['keys', 'create', '--name', 'ci', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as { id: string; key: string };
    expect(key.key).toMatch(/^cmp_/);

    const list = await crema(['keys', 'list'], env);
    expect(list.stdout).toContain(key.id);
    expect(list.stdout).toMatch(/ci\s+cmp_\w+\.\.\.\s+user\s+ACTIVE/);

    expect((await crema(['keys', 'revoke', key.id], env)).code).toBe(0);
    const usage = await crema(['usage'], env);
    expect(usage.code, usage.stderr).toBe(0);
    expect(usage.stdout).toContain(email);
    expect(usage.stdout).toMatch(/tier1\s+\$10\.00\s/);
    expect(usage.stdout).toContain('requests/min');
  });
});
