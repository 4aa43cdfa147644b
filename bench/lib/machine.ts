/**
 * The machine the figures come from, written once for every bench: `machine()`/`machineLine()` (the
 * speed benches: CPU, cores, VNNI/AVX2, Node, onnxruntime-node) and `machineHeader()` (the quality
 * and robustness reports: CPU, cores, SIMD flags, Node). Flags come from the engine's own CPU identity.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { cpuIdentity } from '../../server/model/served-file.js';

export interface Machine {
  cpu: string;
  cores: number;
  avx512_vnni: boolean;
  avx_vnni: boolean;
  avx2: boolean;
  node: string;
  onnxruntimeNode: string;
}

export function machine(): Machine {
  // The identity the served-file choice keys its cache on: model name and instruction-set flags.
  const cpu = cpuIdentity();
  const flags = new Set(cpu.flags.split(/\s+/u));
  const ort = JSON.parse(readFileSync(new URL('../../node_modules/onnxruntime-node/package.json', import.meta.url), 'utf8')) as { version: string };
  return {
    cpu: cpu.model.trim(),
    cores: cpus().length,
    avx512_vnni: flags.has('avx512_vnni'),
    avx_vnni: flags.has('avx_vnni'),
    avx2: flags.has('avx2'),
    node: process.version,
    onnxruntimeNode: ort.version,
  };
}

export function machineLine(m: Machine): string {
  const flag = (name: keyof Machine) => `${name} ${m[name] ? 'yes' : 'no'}`;
  return `CPU: ${m.cpu}, ${m.cores} cores; ${flag('avx512_vnni')}, ${flag('avx_vnni')}, ${flag('avx2')}; Node ${m.node}; onnxruntime-node ${m.onnxruntimeNode}`;
}

/** The CPU flags onnxruntime's kernels pick from, as found on this machine. */
const SIMD_FLAGS = ['sse4_1', 'sse4_2', 'avx', 'avx2', 'fma', 'f16c', 'avx512f', 'avx512bw', 'avx512vl', 'avx512_vnni', 'avx_vnni', 'avx512_bf16', 'amx_tile', 'amx_int8', 'amx_bf16', 'asimd', 'sve'];

/** One line describing the machine the figures come from (CPU, cores, SIMD flags, Node). */
export function machineHeader(): string {
  const have = new Set(cpuIdentity().flags.split(/\s+/u));
  const flags = SIMD_FLAGS.filter((f) => have.has(f));
  const cpu = cpus();
  return `machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, CPU flags: ${flags.join(' ') || 'none found'}; Node ${process.version}; onnxruntime CPU threads = all cores`;
}

