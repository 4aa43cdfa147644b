import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The CPU line every speed table starts with: int8 speed differs 5x with and without dot-product instructions. */
export function cpuSummary(): string {
  let flags: string[] = [];
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    flags = (/^flags\s*:\s*(.*)$/mu.exec(info)?.[1] ?? '').split(/\s+/u);
  } catch {
    // not Linux: the model name alone
  }
  const wanted = ['avx2', 'avx512f', 'avx512_vnni', 'avx_vnni', 'amx_int8', 'asimddp'];
  const present = wanted.filter((f) => flags.includes(f));
  return `CPU: ${cpus()[0]?.model ?? 'unknown'} x${cpus().length}; flags: ${present.length ? present.join(' ') : 'none of ' + wanted.join(', ')}`;
}
