import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { informationOf, isNegation, isNegationAt } from '../../server/compression/engine/score/information.js';
import { splitWords } from '../../server/model/words.js';
import { useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';
import { longDocument } from '../helpers/texts.js';

const t = useTestApp();
const key = useApiKey(() => t().app);

const compress = (body: Record<string, unknown>) =>
  request(t().app).post('/api/compress/question-agnostic').set('X-API-Key', key()).send({ compression_model_name: 'espresso_v1', ...body });

const REPORT = [
  'The quarterly meeting was held on a cloudy afternoon and, as usual, it started with a long round of introductions and some small talk about the weather.',
  'Revenue grew 12% to $4.2M in Q3 2025, driven by the Berlin office, which signed 37 new customers.',
  'Everyone agreed that the coffee in the new kitchen was better than before, and several people asked for more comfortable chairs in the meeting room.',
  'The board did not approve the Lisbon expansion; it will never be reconsidered without a new budget of at least 1.5 million euros.',
  'After a short break the group talked for a while about holiday plans, favourite restaurants and the best way to get to the office in the morning.',
].join(' ');

describe('question-agnostic compression', () => {
  it('at 2x keeps the numbers, names and negations and drops the small talk', async () => {
    const res = await compress({ context: REPORT, target_compression_ratio: 2 });
    expect(res.status).toBe(200);
    const out: string = res.body.data.compressed_context;
    for (const must of ['12%', '$4.2M', 'Q3 2025', 'Berlin', 'not approve', 'Lisbon', '1.5 million']) expect(out, out).toContain(must);
    expect(out).not.toContain('coffee');
  });

  it('fine mode keeps the negation inside a kept run', async () => {
    for (const ratio of [2, 3]) {
      const res = await compress({ context: REPORT, target_compression_ratio: ratio, coarse: false });
      const out: string = res.body.data.compressed_context;
      if (out.includes('approve')) expect(out, out).toMatch(/not approve/u);
    }
  });

  it.each([0.3, 0.5, 0.8, 2, 4, 10])('meets ratio %d within 0.05 on a 500+ token document', async (ratio) => {
    const res = await compress({ context: longDocument(), target_compression_ratio: ratio });
    const target = ratio <= 1 ? ratio : 1 - 1 / ratio;
    expect(res.body.data.original_tokens).toBeGreaterThan(500);
    expect(Math.abs(res.body.data.actual_compression_ratio - target)).toBeLessThanOrEqual(0.05);
  });

  it('a query, on the body or a batch row, is a 422 validation_error naming it', async () => {
    const single = await compress({ context: REPORT, query: 'What grew?' });
    expect(single.status).toBe(422);
    expect(single.body).toMatchObject({ code: 'validation_error', field: 'query' });
    const batch = await request(t().app).post('/api/compress/question-agnostic/batch').set('X-API-Key', key()).send({ compression_model_name: 'espresso_v1', inputs: [{ context: REPORT, query: 'q' }] });
    expect(batch.status).toBe(422);
  });
});

describe('information prior', () => {
  it('marks numbers, identifiers, mid-sentence names, negations and units', () => {
    const text = 'The board did not meet in Lisbon. Revenue was 4.2 km of user_id values. Nobody cares.';
    const words = splitWords(text);
    const info = informationOf(words, text);
    const marked = words.filter((_, i) => info[i]! > 0).map((w) => w.text);
    // a token counts whole: the full stop of "Lisbon." and the parts of "4.2" and "user_id" too
    expect(marked).toEqual(['not', 'Lisbon', '.', '4', '.', '2', 'km', 'user', '_', 'id', 'Nobody']);
  });

  it('tells every negation, in any case and with punctuation around it, from other words', () => {
    const negations = ['not', 'No', 'NEVER', 'without', 'Without,', 'none', 'nor', 'cannot', 'nothing', 'nobody', 'neither', "didn't", 'isn’t', '"WON\'T".'];
    expect(negations.filter((w) => !isNegation(w))).toEqual([]);
    expect(['note', 'know', 'with', 'now', 'nowhere', "don", 'nt', 'Nott', 'wit'].filter(isNegation)).toEqual([]);
  });

  it('answers a token in place as it answers the token cut out (those without an "n" are never negations)', () => {
    const text = 'NEVER (not once) did she say "WON\'T". Without, Ohne, ohne nein; it isn’t a the of NOR Nobody cannot.';
    for (const m of text.matchAll(/\S+/gu)) {
      expect(isNegationAt(text, m.index!, m.index! + m[0].length)).toBe(isNegation(m[0]));
    }
    expect([...text.matchAll(/\S+/gu)].filter((m) => isNegationAt(text, m.index!, m.index! + m[0].length)).length).toBe(8);
  });
});
