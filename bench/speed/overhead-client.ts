/**
 * The load generator of `bench --overhead`, run as a child process so the server's process spends
 * its CPU on serving only (its CPU time per request is then the server's). Told the address, the
 * keys (one per concurrent sender) and the request bodies; answers with each request's latency.
 */
export interface ClientJob {
  base: string;
  path: string;
  keys: string[];
  bodies: string[];
  requests: number;
}

export interface ClientResult {
  ms: number[];
  /** From the first request sent to the last answer. */
  seconds: number;
  failures: string[];
}

async function run(job: ClientJob): Promise<ClientResult> {
  const ms: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    job.keys.map(async (key) => {
      while (next < job.requests) {
        const body = job.bodies[next++ % job.bodies.length]!;
        const t = performance.now();
        const res = await fetch(`${job.base}${job.path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-API-Key': key }, body });
        const text = await res.text();
        ms.push(performance.now() - t);
        if (res.status !== 200 && failures.length < 5) failures.push(`HTTP ${res.status}: ${text.slice(0, 200)}`);
      }
    }),
  );
  return { ms, seconds: (performance.now() - t0) / 1000, failures };
}

process.on('message', (job: ClientJob) => {
  void run(job).then((result) => process.send!(result));
});
process.on('disconnect', () => process.exit(0));
