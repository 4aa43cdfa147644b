/**
 * Upper bound of early-turn facts a history summary of whole sentences can keep at a ratio: every
 * subset of the older turns' sentences, rendered as the summary renders them (labels, `[...]`), that
 * fits the budget; the best subset's facts (development chats only): `npx tsx bench/quality/real-inputs/prose/history-bound.ts 4`.
 */
import { CHATS } from '../../../../test/fixtures/prose-chats.js';
import { CHATS_DEV2 } from '../../../../test/fixtures/prose-chats-dev2.js';
import { assemble } from '../../../../server/compression/engine/assemble/assemble.js';
import { labelledLines } from '../../../../server/compression/engine/assemble/labelled-lines.js';
import { segment } from '../../../../server/compression/engine/split/segment.js';
import { keepFraction } from '../../../../server/compression/engine/ratio.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';

const nx = Number(process.argv[2] ?? '4');
let kept = 0;
let total = 0;
for (const chat of [...CHATS, ...CHATS_DEV2].filter((c) => c.split === 'dev')) {
  // keep_recent = 2: the last turn and the question stay verbatim.
  const turns = chat.turns.slice(0, -1);
  const budget = Math.round(turns.reduce((s, t) => s + countTokens(t), 0) * keepFraction(nx));
  const units = turns.flatMap((t, part) => segment(t, false).flatMap((b) => b.sentences).map((s) => ({ part, s })));
  let best = { facts: -1, tokens: 0, text: '' };
  for (let mask = 1; mask < 1 << units.length; mask++) {
    const parts = turns.map((t, part) => {
      const spans = units.filter((u, k) => u.part === part && mask & (1 << k)).map((u) => ({ start: u.s.start, end: u.s.end }));
      return { label: part % 2 ? 'assistant: ' : 'user: ', compressed: spans.length ? assemble(t, spans, true, false, true) : '' };
    });
    const text = labelledLines(parts, true);
    const tokens = countTokens(text);
    if (tokens > budget) continue;
    const facts = chat.facts.filter((f) => text.includes(f)).length;
    if (facts > best.facts || (facts === best.facts && tokens < best.tokens)) best = { facts, tokens, text };
  }
  kept += best.facts;
  total += chat.facts.length;
  console.log(`${chat.id} ${nx}x budget ${budget}: ${best.facts}/${chat.facts.length} in ${best.tokens} tokens\n${best.text}`);
}
console.log(`whole sentences only, ${nx}x: at most ${kept}/${total} facts`);
