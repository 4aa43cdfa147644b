import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';
import { wantsWordUnits } from '../../server/compression/history-units.js';
import { joinParts } from '../../server/compression/engine/engine.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { CHATS } from '../fixtures/prose-chats.js';
import { CHATS_DEV2 } from '../fixtures/prose-chats-dev2.js';

const t = useTestApp();
const key = useApiKey(() => t().app);
const compress = (body: Record<string, unknown>) =>
  request(t().app).post('/api/compress/history').set('X-API-Key', key()).send({ compression_model_name: 'hcc_latte_v1', ...body });

// Real text: the written support chats of the history benchmark (development sets only).
const chat = (id: string) => [...CHATS, ...CHATS_DEV2].find((c) => c.id === id)!;
const olderTurns = (id: string) => chat(id).turns.slice(0, -1);
const labels = (turns: readonly string[]) => turns.map((_, i) => (i % 2 ? 'assistant: ' : 'user: '));
const budgetAt = (turns: readonly string[], nx: number) => Math.round(countTokens(joinParts(turns)) / nx);

describe('history at high ratios: fact phrases rather than a fragment', () => {
  it('switches to phrases where the richest fact sentence cannot be kept whole (clinic: 10x), not where it can (4x)', () => {
    const turns = olderTurns('clinic-appointment');
    expect(wantsWordUnits(turns, labels(turns), budgetAt(turns, 10))).toBe(true);
    expect(wantsWordUnits(turns, labels(turns), budgetAt(turns, 4))).toBe(false);
    // Small talk only: nothing to keep as phrases.
    const smallTalk = ['Perfect. Have a nice day!', 'You too, take care.'];
    expect(wantsWordUnits(smallTalk, labels(smallTalk), 1)).toBe(false);
  });

  it('a kept number or date keeps the word it quantifies, with a query too (database migration, 10x)', async () => {
    const migration = chat('db-migration');
    const messages = [...migration.turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content })), { role: 'user', content: migration.question }];
    const res = await compress({ messages, keep_recent: 2, target_compression_ratio: 10, query: migration.question });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const summary = res.body.data.summary as string;
    const source = migration.turns.join(' ').split(/\s+/u).map((w) => w.replace(/[,;.]$/u, ''));
    const kept = summary.split(/\s+/u).map((w) => w.replace(/[,;.]$/u, ''));
    // Every number of the summary stands beside a word that is beside it in the chat too.
    const numbers = kept.map((w, i) => ({ w, i })).filter(({ w }) => /\d/u.test(w));
    expect(numbers.length).toBeGreaterThan(0);
    const besideInChat = (a: string, b: string) => source.some((w, j) => w === a && source[j + 1] === b);
    for (const { w, i } of numbers) expect(besideInChat(w, kept[i + 1] ?? '') || besideInChat(kept[i - 1] ?? '', w), `${w} in ${summary}`).toBe(true);
    expect(summary).toContain('4 hours');
  });
});
