import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** What `lowerThreadPriority` did: the nice value now in force, or why nothing changed. */
export type PriorityResult = { applied: true; nice: number } | { applied: false; why: string };

/**
 * Lowers the CPU priority of the calling thread and of every thread it starts afterwards (Linux threads
 * inherit their creator's nice value), so an engine worker's onnxruntime pools run below the event loop.
 * Linux only: elsewhere a thread id would renice the whole process. Only raising a nice value needs no
 * privilege, so a thread already nicer than asked is left as it is.
 */
export function lowerThreadPriority(nice: number): PriorityResult {
  if (nice <= 0) return { applied: false, why: 'ENGINE_NICE is 0' };
  if (process.platform !== 'linux') return { applied: false, why: `per-thread priority is Linux only (this is ${process.platform})` };
  try {
    // /proc/thread-self -> "<pid>/task/<tid>" for the thread that reads it.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return { applied: false, why: 'no thread id in /proc/thread-self' };
    const target = Math.min(19, nice);
    if (getPriority(tid) < target) setPriority(tid, target);
    return { applied: true, nice: getPriority(tid) };
  } catch (err) {
    return { applied: false, why: err instanceof Error ? err.message : String(err) };
  }
}
