import { describe, expect, it } from 'vitest';
import { assemble } from '../../../server/compression/engine/assemble/assemble.js';
import { createEngine, joinParts, type EngineRequest } from '../../../server/compression/engine/engine.js';
import { kneeCount } from '../../../server/compression/engine/select/kneedle.js';
import { actualRatio, keepFraction } from '../../../server/compression/engine/ratio.js';
import { segment } from '../../../server/compression/engine/split/segment.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { splitWords, matchKey } from '../../../server/model/words.js';
import { fakeScorer, flatScorer } from '../../helpers/fake-scorer.js';

const engine = createEngine(fakeScorer);
const base: Omit<EngineRequest, 'context'> = {
  query: 'Which river flows through Zorbia?',
  weights: 'latte_v1',
  ratio: 0.5,
  defaultRatio: 0.5,
  coarse: true,
  heuristicChunking: false,
  placeholders: true,
};

const FILLER = [
  'The committee met on a quiet morning to discuss the annual budget and several minor items.',
  'Members reviewed the minutes of the previous session before turning to new business.',
  'A long debate followed about the color of the new office chairs and the lunch schedule.',
  'Nobody could agree, so the question was postponed until the following week.',
];
function document(paragraphs: number): string {
  const out: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    out.push(p === Math.floor(paragraphs / 2) ? 'The Velta river flows through Zorbia and reaches the sea at Port Amar in 1842.' : FILLER.map((s, i) => `${s} (${'abcdefghijkl'[p]}${'wxyz'[i]})`).join(' '));
  }
  return out.join('\n\n');
}

describe('ratio rules', () => {
  it.each([
    [0.5, 0.5],
    [0.9, 0.1],
    [1, 0],
    [4, 0.25],
    [200, 0.005],
  ])('r = %d keeps %d', (r, keep) => expect(keepFraction(r)).toBeCloseTo(keep, 10));

  it('actual ratio is the fraction removed, 0 for empty input', () => {
    expect(actualRatio(200, 50)).toBe(0.75);
    expect(actualRatio(0, 0)).toBe(0);
  });
});

describe('words and tokens', () => {
  it('splits like BertPreTokenizer and keeps offsets into the original text', () => {
    const text = 'Hello, world!  It’s 3.5km.';
    const words = splitWords(text);
    expect(words.map((w) => w.text)).toEqual(['Hello', ',', 'world', '!', 'It', '’', 's', '3', '.', '5km', '.']);
    for (const w of words) expect(text.slice(w.start, w.end)).toBe(w.text);
  });

  it('match keys strip case, accents and one suffix', () => {
    expect(matchKey('Running')).toBe('runn');
    expect(matchKey('Café')).toBe('cafe');
    expect(matchKey('...')).toBeNull();
  });

  it('counts text holding special-token strings without throwing', () => {
    expect(countTokens('a <|endoftext|> b <|im_start|>')).toBeGreaterThan(5);
    expect(countTokens('')).toBe(0);
  });
});

describe('segmentation', () => {
  it('without chunking: blank-line paragraphs, then sentences, then tokens', () => {
    const blocks = segment('One. Two three!\n\nFour?', false);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.sentences.map((s) => s.end - s.start)).toEqual([4, 10]);
    expect(blocks[0]!.sentences[1]!.pieces).toHaveLength(2);
  });

  it('with chunking: headings, fenced code, tables and lists become their own blocks; code and rows are atomic', () => {
    const md = '# Title\nIntro line.\n```py\nx = 1\n\ny = 2\n```\n| a | b |\n| 1 | 2 |\n- one\n- two\n  more\nTail.';
    const blocks = segment(md, true);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'code', 'table', 'list', 'paragraph']);
    const code = blocks[2]!;
    expect(md.slice(code.start, code.end)).toBe('```py\nx = 1\n\ny = 2\n```');
    expect(code.sentences).toHaveLength(1);
    expect(code.sentences[0]!.atomic).toBe(true);
    expect(blocks[3]!.sentences.every((s) => s.atomic)).toBe(true);
    expect(blocks[4]!.sentences.map((s) => md.slice(s.start, s.end))).toEqual(['- one', '- two\n  more']);
  });
});

describe('runs without whitespace and CJK text', () => {
  it('cuts a token longer than 300 characters into pieces, after a URL or code break where there is one, never inside a surrogate pair', () => {
    const url = `https://example.com/${'a'.repeat(200)}/${'b'.repeat(200)}`;
    const [urlTokens] = segment(url, false).map((b) => b.sentences[0]!.pieces);
    expect(urlTokens!.map((t) => url.slice(t.start, t.end))).toEqual([`https://example.com/${'a'.repeat(200)}/`, 'b'.repeat(200)]);
    const emoji = '😀'.repeat(400);
    const tokens = segment(emoji, false)[0]!.sentences[0]!.pieces;
    expect(tokens.every((t) => t.end - t.start <= 300 && (t.end - t.start) % 2 === 0)).toBe(true);
    expect(tokens.map((t) => emoji.slice(t.start, t.end)).join('')).toBe(emoji);
  });

  it('ends sentences at CJK full stops, question and exclamation marks', () => {
    const text = '这是第一句。这是第二句！这是第三句吗？';
    expect(segment(text, false)[0]!.sentences.map((s) => text.slice(s.start, s.end))).toEqual(['这是第一句。', '这是第二句！', '这是第三句吗？']);
  });

  it('meets the ratio on a run without whitespace, a blob and CJK text, in both modes', async () => {
    const contexts = ['x'.repeat(20_000), Buffer.alloc(12_000, 7).toString('base64'), '这是一个中文句子，没有空格。'.repeat(300)];
    for (const context of contexts) {
      for (const coarse of [true, false]) {
        const [r] = await engine.compress([{ ...base, context, coarse, ratio: 4 }]);
        expect(r!.compressedTokens, `${context.slice(0, 10)} ${coarse}`).toBeLessThanOrEqual(Math.round(r!.originalTokens / 4));
        expect(r!.compressedTokens).toBeGreaterThan(0);
      }
    }
  });

  it('keeps something of a text of nothing but punctuation and glue words', async () => {
    for (const context of ['.,;:!?'.repeat(50), '--- *** ---', 'the of and to in']) {
      for (const ratio of [2, 10, 50]) {
        const [r] = await engine.compress([{ ...base, context, ratio }]);
        expect(r!.compressed.trim(), `${context} ${ratio}`).not.toBe('');
      }
    }
  });
});

describe('assembly', () => {
  const text = 'Alpha beta. Gamma delta.\n\nEpsilon zeta.';
  it('keeps original whitespace between adjacent spans and marks dropped spans', () => {
    expect(assemble(text, [{ start: 0, end: 11 }, { start: 12, end: 24 }], true)).toBe('Alpha beta. Gamma delta.');
    expect(assemble(text, [{ start: 0, end: 11 }, { start: 26, end: 39 }], true)).toBe('Alpha beta.\n[...]\nEpsilon zeta.');
    expect(assemble(text, [{ start: 0, end: 11 }, { start: 26, end: 39 }], false)).toBe('Alpha beta.\n\nEpsilon zeta.');
  });

  it('closes up words dropped inside one sentence without a marker', () => {
    expect(assemble('one two three', [{ start: 0, end: 3 }, { start: 8, end: 13 }], true)).toBe('one three');
  });
});

describe('kneedle', () => {
  it('finds the drop after the leading high scores', () => {
    expect(kneeCount([0.95, 0.9, 0.88, 0.2, 0.15, 0.12, 0.1, 0.1])).toBe(3);
    expect(kneeCount([0.5])).toBe(1);
    expect(kneeCount([0.3, 0.3, 0.3])).toBe(3);
  });
});

describe('engine (fake scorer)', () => {
  it('keeps the query-relevant paragraph and its original order', async () => {
    const context = document(9);
    const [r] = await engine.compress([{ ...base, context, ratio: 8 }]);
    expect(r!.compressed).toContain('The Velta river flows through Zorbia');
    expect(r!.originalTokens).toBe(countTokens(context));
    expect(r!.compressedTokens).toBe(countTokens(r!.compressed));
  });

  it.each([0.3, 0.5, 0.7, 0.9, 2, 5, 10])('hits ratio %d within 0.05 on a 500+ token input', async (ratio) => {
    const context = document(9);
    const [r] = await engine.compress([{ ...base, context, ratio }]);
    expect(r!.originalTokens).toBeGreaterThan(500);
    const removed = 1 - r!.compressedTokens / r!.originalTokens;
    expect(Math.abs(removed - (1 - keepFraction(ratio)))).toBeLessThanOrEqual(0.05);
  });

  it('r = 1 keeps only the single best sentence', async () => {
    const [r] = await engine.compress([{ ...base, context: document(5), ratio: 1 }]);
    expect(r!.compressed).toBe('The Velta river flows through Zorbia and reaches the sea at Port Amar in 1842.');
  });

  it('empty context gives an empty result with zero tokens', async () => {
    const [r] = await engine.compress([{ ...base, context: '' }]);
    expect(r).toEqual({ compressed: '', originalTokens: 0, compressedTokens: 0 });
  });

  it('never emits a word that is not whole in the input', async () => {
    const context = document(7);
    const inputWords = new Set(context.split(/\s+/u));
    for (const coarse of [true, false]) {
      const [r] = await engine.compress([{ ...base, context, coarse, ratio: 0.6 }]);
      for (const w of r!.compressed.split(/\s+/u).filter((x) => x !== '[...]')) expect(inputWords.has(w), w).toBe(true);
    }
  });

  it('with a query, fine mode keeps the answering sentence whole before words scattered elsewhere', async () => {
    const evidence = 'The Velta river flows through Zorbia and reaches the sea near the old harbour.';
    // every other sentence holds one digit-bearing word, which the stand-in scorer rates above filler
    const others = FILLER.map((s, i) => s.replace('.', ` in ${1900 + i * 7}.`));
    const context = [others.join(' '), evidence, others.slice().reverse().join(' ')].join('\n\n');
    const nx = countTokens(context) / (countTokens(evidence) + 1);
    const [r] = await engine.compress([{ ...base, context, coarse: false, ratio: nx, placeholders: false }]);
    expect(r!.compressed).toContain(evidence.slice(0, -1));
  });

  it("with a query, fine mode keeps a kept paragraph's opening statement, not only the names and numbers of its details", async () => {
    const opening = 'Many device files belong to some predefined groups.';
    const context = [
      'The mirror network spreads the archive over many countries and continents.',
      `${opening} For example, /dev/sr0 belongs to the cdrom group on Debian 12. A user joins the cdrom group with adduser, as root, on Debian 12. The user must log in again after joining the group.`,
      'Security updates are announced on the DSA list every week by the security team.',
    ].join('\n\n');
    // A flat model: the words rank by the lexical prior, their information and their paragraph.
    const flat = createEngine(flatScorer);
    const req: EngineRequest = { ...base, context, query: 'How does a user get to use the cdrom?', weights: 'latte_v2', coarse: false, ratio: 2, placeholders: false };
    const [served] = await flat.compress([req]);
    expect(served!.compressed).toContain(opening);
    expect(served!.compressed).toContain('A user joins the cdrom group with adduser');
    // Without the bonus the opening's plain words lose to "/dev/sr0" and "Debian 12" of the details.
    const [without] = await flat.compress([{ ...req, tuning: { leadBonus: 0 } }]);
    expect(without!.compressed).not.toContain('predefined groups');
  });

  it("with a query, coarse mode prefers a paragraph's opening sentence among near equals", async () => {
    // A budget of one sentence inside the one paragraph that answers: the later sentence matches
    // the query a little more densely, the opening states the rule it is an instance of.
    const opening = 'Every user of the cdrom group can read the disc.';
    const later = 'A user in the cdrom group reads it now.';
    const context = [
      'The mirror network spreads the archive over many countries and continents.',
      `${opening} ${later} The change counts after the next login.`,
      'Security updates are announced on the DSA list every week by the security team.',
    ].join('\n\n');
    const flat = createEngine(flatScorer);
    const keep = Math.max(countTokens(opening), countTokens(later)) + 1;
    const req: EngineRequest = { ...base, context, query: 'How does a user get to read the cdrom?', weights: 'latte_v2', ratio: countTokens(context) / keep, placeholders: false };
    const [served] = await flat.compress([req]);
    expect(served!.compressed).toBe(opening);
    const [without] = await flat.compress([{ ...req, tuning: { leadBonus: 0 } }]);
    expect(without!.compressed).toBe(later);
  });

  it('with a query, fine mode keeps a short sentence whole or drops it, never a word or two of it', async () => {
    // Each short sentence and a word found nowhere else in the context.
    const shorts: Array<[string, string]> = [
      ['Yes, it does.', 'Yes'],
      ['Go ahead.', 'ahead'],
      ['It is not allowed.', 'allowed'],
      ['Only on Sundays.', 'Sundays'],
    ];
    const context = [
      `Does the Velta river reach Zorbia? ${shorts[0]![0]} The Velta river flows through Zorbia in 1842 and reaches the sea.`,
      `${FILLER[0]} ${shorts[1]![0]} ${FILLER[1]}`,
      `Can boats use the Velta river in Zorbia? ${shorts[2]![0]} ${FILLER[2]} ${shorts[3]![0]} ${FILLER[3]}`,
    ].join('\n\n');
    let kept = 0;
    for (const ratio of [1.5, 2, 3, 4, 6]) {
      const [r] = await engine.compress([{ ...base, context, coarse: false, ratio, placeholders: false }]);
      for (const [short, marker] of shorts) {
        if (!r!.compressed.includes(marker)) continue;
        expect(r!.compressed, `${ratio}x`).toContain(short);
        kept++;
      }
    }
    expect(kept).toBeGreaterThan(0);
  });

  it('is deterministic', async () => {
    const context = document(6);
    const a = await engine.compress([{ ...base, context, coarse: false, ratio: 3 }]);
    const b = await engine.compress([{ ...base, context, coarse: false, ratio: 3 }]);
    // Everything but the time it took.
    const untimed = (rs: typeof a) => rs.map(({ durationMs: _, ...r }) => r);
    expect(untimed(a)).toEqual(untimed(b));
  });
});

describe('multi-part contexts (history)', () => {
  it('shares one budget over the parts and renders each part on its own', async () => {
    const parts = [FILLER.join(' '), 'The Velta river flows through Zorbia and reaches the sea at Port Amar in 1842.', FILLER.slice(0, 2).join(' ')];
    const [r] = await engine.compress([{ ...base, context: joinParts(parts), parts, ratio: 4 }]);
    expect(r!.parts).toHaveLength(3);
    expect(r!.parts![1]!.compressed).toBe(parts[1]);
    for (const p of r!.parts!) expect(p.tokens).toBe(countTokens(p.compressed));
    // a part with nothing kept is marked, not silently emptied
    expect(r!.parts!.some((p) => p.compressed === '[...]')).toBe(true);
  });
});

describe('required spans and prefixes (markdown structure)', () => {
  it('keeps required sentences at every ratio and a prefix with any kept part of its sentence', async () => {
    const { cutText } = await import('../../../server/compression/engine/select/compress-text.js');
    const text = '# Rivers\n\n- The Velta river flows through Zorbia and reaches the sea at Port Amar in 1842.\n- Filler words that say nothing much at all here.';
    const words = splitWords(text);
    const [scores] = await fakeScorer.score([{ weights: 'espresso_v1', query: 'Velta Zorbia', words: words.map((w) => w.text) }]);
    const heading = { start: 0, end: 8, atomic: true, required: true, pieces: [] };
    const item = (start: number, end: number) => ({
      start,
      end,
      atomic: false,
      prefix: { start, end: start + 2 },
      pieces: [...text.slice(start + 2, end).matchAll(/\S+/gu)].map((m) => ({ start: start + 2 + m.index!, end: start + 2 + m.index! + m[0].length })),
    });
    const first = item(10, text.indexOf('\n- Filler'));
    const second = item(text.indexOf('- Filler'), text.length);
    const blocks = [
      { start: 0, end: 8, kind: 'heading' as const, sentences: [heading] },
      { start: 10, end: text.length, kind: 'list' as const, sentences: [first, second] },
    ];
    for (const tokens of [1, 8, 20]) {
      const cut = cutText({ text, words, scores: scores!, blocks }, { coarse: false, placeholders: false, query: 'Velta Zorbia' }, { tokens });
      expect(cut.text.startsWith('# Rivers'), cut.text).toBe(true);
      for (const line of cut.text.split('\n').slice(1).filter(Boolean)) expect(line, cut.text).toMatch(/^- /u);
    }
  });
});

describe('never longer than the input', () => {
  it.each([
    ['text', 'Paris is the capital of France.'],
    ['tool', 'INFO start\nINFO start\nERROR disk full on /var\nINFO done'],
    ['tool', '{"a":1}'],
    ['markdown', '# T\n\nShort.'],
  ] as const)('a tiny %s input comes back whole rather than longer', async (format, context) => {
    for (const ratio of [0.1, 0.5, 2, 200]) {
      const [r] = await engine.compress([{ ...base, query: undefined, weights: 'espresso_v1', format, context, ratio }]);
      expect(r!.compressedTokens, `${format} ${ratio}`).toBeLessThanOrEqual(r!.originalTokens);
      expect(r!.compressedTokens).toBe(countTokens(r!.compressed));
    }
  });
});

describe('paragraph mode with a target below every paragraph', () => {
  // Paragraph A ranks first (every sentence 0.7), but paragraph B holds the best sentence (0.8)
  // among weak ones: with room for one sentence and none for a paragraph, B's sentence is kept.
  const a = ['Alpha ships carry grain north.', 'Alpha ships carry wool south.', 'Alpha ships carry salt east.'];
  const b = ['Bravo trains move coal daily.', 'Rain fell on the quiet town.', 'Birds sang in the old trees.'];
  const text = `${a.join(' ')}\n\n${b.join(' ')}`;
  const words = splitWords(text);
  const strong = text.indexOf(b[0]!);
  const scores = Float32Array.from(words, (w) => (w.start < strong ? 0.7 : w.start < strong + b[0]!.length ? 0.8 : 0.1));
  const cut = async (tokens: number) => {
    const { cutText } = await import('../../../server/compression/engine/select/compress-text.js');
    return cutText({ text, words, scores, blocks: segment(text, false) }, { coarse: true, placeholders: false, informationWeight: 0 }, { tokens });
  };

  it('keeps the best sentence of any paragraph, not the best paragraph\'s best sentence', async () => {
    expect((await cut(7)).text).toBe(b[0]);
    // With room for a paragraph, paragraph A (the better one) is kept whole.
    expect((await cut(40)).text).toContain(a.join(' '));
  });

  it('never gives more tokens to a smaller target across the switch', async () => {
    let previous = Infinity;
    for (let tokens = 40; tokens >= 1; tokens--) {
      const { tokens: got } = await cut(tokens);
      expect(got, `target ${tokens}`).toBeLessThanOrEqual(previous);
      previous = got;
    }
  });
});
