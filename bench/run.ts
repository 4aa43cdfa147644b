/**
 * One entry point for every benchmark: `npm run bench -- <subcommand> [flags]`; `npm run bench -- --help`
 * lists them. Each subcommand runs its script in a child process with the remaining flags, so scripts
 * that fork themselves or check `process.argv[1]` behave as when run directly (one extra Node start).
 * Without a subcommand it runs the speed bench, and the old `--routes`, `--soak`, `--overhead` flags
 * still select those benches, so `npm run bench [-- --flag]` habits and the `bench:*` scripts keep working.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Bench {
  /** Path under bench/. */
  script: string;
  /** Whether the module only exports `main(argv)` (no top-level run), so it is imported and called. */
  exportsMain?: boolean;
  about: string;
}

const BENCHES: Record<string, Bench> = {
  // quality: what the outputs keep
  quality: { script: 'quality/quality.ts', about: 'answer retention on SQuAD and the dev FAQ vs baselines; --family <id> for a family bench' },
  needles: { script: 'quality/needles.ts', about: 'needles in README prose, literal and paraphrased' },
  'json-questions': { script: 'quality/json-questions.ts', about: 'questions about JSON documents, field words vs paraphrase' },
  tools: { script: 'quality/tool-discovery/run.ts', about: 'tool discovery over pools of 20/100/500 real MCP tools' },
  'tools:extract': { script: 'quality/tool-discovery/extract.ts', about: 'rebuild bench/data/tools/tools.json from the pinned MCP packages' },
  languages: { script: 'quality/multilingual/run.ts', about: 'answer retention per language on translated documentation' },
  'languages:build': { script: 'quality/multilingual/build-data.ts', about: 'rebuild bench/data/multilingual from Debian packages' },
  'languages:failures': { script: 'quality/multilingual/failures.ts', about: 'print the dev questions a method loses, for reading why' },
  'real:prose': { script: 'quality/real-inputs/prose/run.ts', about: 'markdown, question-agnostic and history families on real prose' },
  'real:prose:history': { script: 'quality/real-inputs/prose/show-history.ts', about: 'print history summaries of the dev chats at given ratios' },
  'real:tool-output': { script: 'quality/real-inputs/tool-output/run.ts', about: 'real tool logs, JSON and tables (--generate rebuilds the fixtures)' },
  proxy: { script: 'quality/proxy/prefix-stability.ts', about: 'proxy prefix stability over a 30-turn agent conversation' },
  // speed: what a compression costs
  speed: { script: 'speed/speed.ts', about: 'cost curve to 1M tokens, throughput at concurrency 1/4/16 (the default)' },
  routes: { script: 'speed/routes.ts', about: 'latency and retention through the real question-specific routes, v1 vs v2' },
  overhead: { script: 'speed/overhead.ts', exportsMain: true, about: "the server's own time per request by phase, as a share of model time" },
  runtime: { script: 'speed/runtime.ts', about: 'bare ONNX sessions: onnxruntime version, threads, graph options' },
  'engine-cpu': { script: 'speed/engine-cpu.ts', about: "the engine's own CPU time per request, model scores memoised" },
  startup: { script: 'speed/startup.mjs', about: 'time from `npm start` to ready and to the first compression (needs npm run build)' },
  // robustness: what must never happen
  rules: { script: 'robustness/engine-rules.ts', about: 'engine rules (empty, grown, over budget...) over a ratio sweep on real contexts' },
  hostile: { script: 'robustness/hostile.ts', about: 'inputs a hostile or careless client sends' },
  soak: { script: 'robustness/soak.ts', exportsMain: true, about: 'minutes of mixed load: 5xx, p99, RSS, pending holds' },
  'ops-probes': { script: 'robustness/ops-probes.mjs', about: 'bad settings, bodyless requests, kill -9 mid-batch (needs npm run build)' },
  // tuning: development splits only
  tune: { script: 'tuning/tune-dev.ts', about: 'choose matching and ranking weights on the dev FAQ set (never SQuAD)' },
  'tune:tools': { script: 'tuning/tool-discovery.ts', about: 'tool-discovery ranking signals on the DEV split' },
};

const LEGACY_FLAGS: Record<string, string> = { '--routes': 'routes', '--soak': 'soak', '--overhead': 'overhead' };

function help(): string {
  const width = Math.max(...Object.keys(BENCHES).map((k) => k.length));
  const lines = Object.entries(BENCHES).map(([name, b]) => `  ${name.padEnd(width)}  ${b.about}  (bench/${b.script})`);
  return ['usage: npm run bench -- <subcommand> [flags]   (no subcommand: speed)', '', ...lines, '', "Each bench's flags are in the header comment of its script."].join('\n');
}

const argv = process.argv.slice(2);
let name = 'speed';
let rest = argv;
if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
  console.log(help());
  process.exit(0);
} else if (argv[0] !== undefined && !argv[0].startsWith('-')) {
  name = argv[0];
  rest = argv.slice(1);
} else {
  const legacy = argv.find((a) => a in LEGACY_FLAGS);
  if (legacy) {
    name = LEGACY_FLAGS[legacy]!;
    rest = argv.filter((a) => a !== legacy);
  }
}
const bench = BENCHES[name];
if (!bench) {
  console.error(`unknown bench '${name}'\n\n${help()}`);
  process.exit(2);
}
const file = fileURLToPath(new URL(bench.script, import.meta.url));
if (bench.exportsMain) {
  const mod = (await import(file)) as { main: (argv: readonly string[]) => Promise<void> };
  await mod.main(rest);
  // onnxruntime's thread pool can keep the process alive; the report is written by now.
  process.exit(process.exitCode ?? 0);
}
const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
const child = spawnSync(process.execPath, [...loader, file, ...rest], { stdio: 'inherit' });
process.exit(child.status ?? 1);
