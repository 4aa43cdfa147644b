/**
 * History with paraphrased questions, on development data: the family bench's transcripts (a
 * passage spread over old turns among filler turns, keep_recent = 2) built from the development
 * FAQs (Debian, fetchmail, SQLite) with their real questions; kept = the evidence sentence's stems
 * survive (dev-faq.ts `evidenceKept`). `npx tsx bench/quality/real-inputs/prose/history-faq.ts [limit]`.
 */
import type { components } from '../../../../generated/schema.js';
import { history } from '../../../../server/compression/history.js';
import { MODEL_CATALOG } from '../../../../server/catalog/model-catalog.js';
import { sentencesIn } from '../../../../server/compression/engine/split/segment.js';
import { createBench, shuffled } from '../../../lib/common.js';
import { rng } from '../../../lib/squad.js';
import { evidenceKept, loadDevFaq } from '../../dev-faq.js';
import { build } from '../../families/history.js';

type ChatMessage = components['schemas']['ChatMessage'];
const limit = Number(process.argv[2] ?? '120');
const set = loadDevFaq(['debian', 'fetchmail', 'sqlite']);
const sentencesOf = (text: string) => sentencesIn(text, { start: 0, end: text.length }).map((s) => text.slice(s.start, s.end));
const pool = set.paragraphs.map(sentencesOf);
const random = rng(7);
const bench = createBench('models');
const kept = new Map<string, number>();
let n = 0;
for (const item of shuffled(set.items, random)) {
  if (n >= limit) break;
  const fillers = pool.filter((_, j) => j !== item.gold && (!item.pool || (j >= item.pool[0] && j < item.pool[1])));
  // The evidence sentence stands for the answer: no filler may hold it.
  const messages: ChatMessage[] | undefined = build(pool[item.gold]!, item.question, item.answers, fillers, random);
  if (!messages) continue;
  n++;
  for (const nx of [2, 4]) {
    for (const query of [item.question, undefined]) {
      const options = history.options({ compression_model_name: 'hcc_latte_v1', target_compression_ratio: nx, keep_recent: 2, messages: [] } as never, MODEL_CATALOG.hcc_latte_v1);
      const [r] = await bench.run(history, [{ messages, query, keepRecent: 2 }], options);
      const hay = r!.messages.slice(0, -1).map((m) => m.content ?? '').join('\n\n');
      const key = `${nx}x ${query ? 'query' : 'no query'}`;
      if (evidenceKept(hay, item.answers[0]!, item.question)) kept.set(key, (kept.get(key) ?? 0) + 1);
      else kept.set(key, kept.get(key) ?? 0);
    }
  }
}
for (const [key, k] of kept) console.log(`${key}: ${k}/${n} (${((100 * k) / n).toFixed(1)}%)`);
