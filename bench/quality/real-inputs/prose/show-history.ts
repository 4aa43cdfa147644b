/**
 * Prints the history summaries of the development chats (bench:real:prose's setting) at the
 * given ratios, with and without the query (both development sets, with totals): `npx tsx bench/quality/real-inputs/prose/show-history.ts 4,10`.
 * Held-out chats only with --held-out (never while tuning).
 */
import type { components } from '../../../../generated/schema.js';
import { history } from '../../../../server/compression/history.js';
import { MODEL_CATALOG } from '../../../../server/catalog/model-catalog.js';
import { createBench } from '../../../lib/common.js';
import { CHATS } from '../../../../test/fixtures/prose-chats.js';
import { CHATS_DEV2 } from '../../../../test/fixtures/prose-chats-dev2.js';

type ChatMessage = components['schemas']['ChatMessage'];
const ratios = (process.argv[2] ?? '4,10').split(',').map(Number);
const split = process.argv.includes('--held-out') ? 'held-out' : 'dev';
const bench = createBench('models');
const totals = new Map<string, { kept: number; facts: number }>();
for (const chat of [...CHATS, ...CHATS_DEV2].filter((c) => c.split === split)) {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'You are a support assistant. Answer from the conversation so far.' },
    ...chat.turns.map((content, i): ChatMessage => ({ role: i % 2 === 0 ? 'user' : 'assistant', content })),
    { role: 'user', content: chat.question },
  ];
  for (const nx of ratios) {
    for (const query of [chat.question, undefined]) {
      const options = history.options({ compression_model_name: 'hcc_latte_v1', target_compression_ratio: nx, keep_recent: 2, messages: [], ...(process.argv.includes('--fine') ? { coarse: false } : {}) } as never, MODEL_CATALOG.hcc_latte_v1);
      const [r] = await bench.run(history, [{ messages, query, keepRecent: 2 }], options);
      const kept = chat.facts.filter((f) => r!.summary.includes(f)).length;
      const set = `${CHATS_DEV2.includes(chat) ? 'dev2' : split} ${nx}x ${query ? 'query' : 'no query'}`;
      const t = totals.get(set) ?? { kept: 0, facts: 0 };
      totals.set(set, { kept: t.kept + kept, facts: t.facts + chat.facts.length });
      console.log(`--- ${chat.id} ${nx}x ${query ? 'query' : 'no query'} facts ${kept}/${chat.facts.length}\n${r!.summary}`);
    }
  }
}
for (const [set, t] of totals) console.log(`${set}: ${t.kept}/${t.facts}`);
