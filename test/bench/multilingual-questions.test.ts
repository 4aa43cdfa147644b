import { describe, expect, it } from 'vitest';
import { answerKept, handSplit, loadHandQuestions } from '../../bench/quality/multilingual/data.js';
import { LANGUAGES } from '../../bench/quality/multilingual/sources.js';

// The hand-written question sets of `npm run bench:languages` (bench/data/multilingual/questions).
describe('hand-written multilingual questions', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every answer stands in its gold paragraph, questions are distinct, both splits are used`, () => {
      const set = loadHandQuestions(lang);
      expect(set.items.length).toBeGreaterThanOrEqual(30);
      for (const item of set.items) expect(answerKept(set.paragraphs[item.gold]!, item.answer), `${item.question} -> ${item.answer}`).toBe(true);
      expect(new Set(set.items.map((i) => i.question)).size).toBe(set.items.length);
      const dev = set.items.filter((i) => i.split === 'dev').length;
      expect(dev).toBeGreaterThan(5);
      // Questions written for development only (zh, ja) are fixed to dev; the rest split by hash, mostly test.
      const hashed = set.items.filter((i) => i.split === handSplit(i.question));
      expect(hashed.filter((i) => i.split === 'test').length).toBeGreaterThan(hashed.length / 2);
    });
  }

  it('keeps the development-only questions out of the test split', () => {
    for (const lang of ['zh', 'ja']) expect(loadHandQuestions(lang).items.filter((i) => i.split === 'dev').length).toBeGreaterThanOrEqual(40);
  });

  it('splits by the question text alone, so adding questions moves none', () => {
    expect(handSplit('ACL は何の略ですか？')).toBe(handSplit('ACL は何の略ですか？'));
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(handSplit))).toEqual(new Set(['dev', 'test']));
  });
});
