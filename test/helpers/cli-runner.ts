import { spawn } from 'node:child_process';

const BIN = new URL('../../packages/client/bin/crema.mjs', import.meta.url).pathname;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `crema` bin as a child process with only PATH and `env`: no inherited CREMA_*,
 * and a HOME the caller points at a temporary folder, so a developer's own credentials are never touched.
 */
export function runCrema(args: string[], env: Record<string, string>, input?: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}
