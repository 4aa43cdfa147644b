import { readFileSync } from 'node:fs';
import { runFamilyContract, type FamilyCase } from '../helpers/family-contract.js';
import { useTestApp } from '../helpers/test-app.js';
import { longDocument, TOPICS } from '../helpers/texts.js';

// Each family's suite signs up several accounts: lift the per-IP sign-in limit for this file.
const t = useTestApp({ authRpmPerIp: 1_000 });
const nodeModule = (file: string) => readFileSync(new URL(`../../node_modules/${file}`, import.meta.url), 'utf8');

type Row = Record<string, unknown>;
const contextCase = (name: string, model: string, sample: string, other: string, extra: Row = {}): FamilyCase => ({
  name,
  route: `/api/compress/${name}`,
  model,
  sample,
  other,
  single: (context) => ({ context, compression_model_name: model, ...extra }),
  batch: (texts) => ({ inputs: texts.map((context) => ({ context, ...extra })), compression_model_name: model }),
  inputs: (body) => [body['context'] as string],
  outputs: (row) => [row['compressed_context'] as string],
  streamed: (row) => row['compressed_context'] as string,
});

const transcript = (text: string | null) =>
  text
    ? [
        { role: 'system', content: 'You are a helpful travel assistant.' },
        { role: 'user', content: text },
        { role: 'assistant', content: 'Noted. What would you like to know?' },
        { role: 'user', content: 'Summarise the important facts.' },
      ]
    : [{ role: 'user', content: text }];
const contents = (messages: Array<{ content: string | null }>) => messages.map((m) => m.content ?? '');

const packageJson = JSON.stringify(JSON.parse(nodeModule('express/package.json')), null, 2);
const serverLog = Array.from({ length: 40 }, (_, i) =>
  i % 13 === 7
    ? `2026-11-23T10:${String(i).padStart(2, '0')}:00Z ERROR upstream timed out after 30000 ms (request ${4000 + i})`
    : `2026-11-23T10:${String(i).padStart(2, '0')}:00Z INFO GET /api/items/${i} 200 in ${12 + (i % 5)} ms`,
).join('\n');

const CASES: FamilyCase[] = [
  contextCase('question-specific', 'latte_v2', longDocument(1), TOPICS['railway']!.join('\n\n'), { query: 'When did Mount Karela last erupt?' }),
  contextCase('question-agnostic', 'espresso_v1', longDocument(1), TOPICS['railway']!.join('\n\n')),
  contextCase('markdown', 'markdown_v1', nodeModule('kysely/README.md').slice(0, 6000), nodeModule('pino/README.md').slice(0, 4000)),
  {
    name: 'history',
    route: '/api/compress/history',
    model: 'hcc_latte_v1',
    sample: longDocument(1),
    other: TOPICS['railway']!.join('\n\n'),
    single: (text) => ({ messages: transcript(text), keep_recent: 2, compression_model_name: 'hcc_latte_v1' }),
    // The reference's batch: each input a whole single request with its own model and options.
    batch: (texts) => ({ inputs: texts.map((text) => ({ messages: transcript(text), keep_recent: 2, compression_model_name: 'hcc_latte_v1' })) }),
    inputs: (body) => contents(body['messages'] as Array<{ content: string | null }>),
    outputs: (row) => contents(row['messages'] as Array<{ content: string | null }>),
    streamed: (row) => row['summary'] as string,
  },
  {
    name: 'tool-output',
    route: '/api/compress/tool-output',
    model: 'toc_americano_v1',
    sample: packageJson,
    other: serverLog,
    single: (text) => ({ tool_output: text, tool_name: 'read_file', compression_model_name: 'toc_americano_v1' }),
    batch: (texts) => ({ inputs: texts.map((text) => ({ tool_output: text, tool_name: 'read_file', compression_model_name: 'toc_americano_v1' })) }),
    inputs: (body) => [body['tool_output'] as string],
    outputs: (row) => [row['compressed_output'] as string],
    streamed: (row) => row['compressed_output'] as string,
  },
];

for (const c of CASES) runFamilyContract(c, t);
