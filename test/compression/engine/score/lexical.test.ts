import { describe, expect, it } from 'vitest';
import { createEngine, type EngineRequest } from '../../../../server/compression/engine/engine.js';
import { blockMatchScores, bm25, countSentences, matchScores, stem, terms, withLexicalPrior } from '../../../../server/compression/engine/score/lexical.js';
import { segment } from '../../../../server/compression/engine/split/segment.js';
import { similarity } from '../../../../server/compression/engine/score/word-vectors.js';
import { wordVectors, parseRelations, wordRelations } from '../../../../server/project/bundled-words.js';
import { holdsAskedKind } from '../../../../server/compression/engine/score/answer-kind.js';
import { LEXICAL_MATCH } from '../../../../server/compression/engine/select/compress-text.js';
import { flatScorer } from '../../../helpers/fake-scorer.js';
import { normalizeWord, splitWords } from '../../../../server/model/words.js';
import { CHATS } from '../../../fixtures/prose-chats.js';

const TEXT = [
  'The harbour was busy in the summer months.',
  'Ships from the north brought timber and salt to the harbour.',
  'The Velta river reaches the sea at Port Amar.',
  'Fishermen mended their nets on the quay.',
].join(' ');
const QUERY = 'Where does the Velta river reach the sea?';
const sentences = () => segment(TEXT, false).flatMap((b) => b.sentences);

describe('lexical relevance', () => {
  it('terms drop question words and glue, lowercase and strip accents', () => {
    expect(terms('Where does the Café Velta open?')).toEqual(['cafe', 'velta', 'open']);
  });

  it('terms of ASCII text (scanned by character code) are those of the Unicode split', () => {
    const unicodeSplit = (text: string) =>
      normalizeWord(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 0 && !['the', 'of', 'is', 'a', 'in', 'what', 'and'].includes(w));
    for (const text of [
      'What is the user_id of build 4.2.1-rc3 (x86_64)?',
      "Don't panic: 42% of THE tests ran in 3.5s -- see [docs](https://example.com/a?b=c#d).",
      '   ',
      '',
      'a',
      'tab\tseparated\nlines\r\nand CamelCase and snake_case and 1e10',
    ]) {
      expect(terms(text)).toEqual(unicodeSplit(text));
    }
  });

  it('BM25 ranks the sentence sharing the rare query terms first and gives 0 to sentences sharing none', () => {
    const scores = bm25(TEXT, sentences(), QUERY);
    expect(scores).toHaveLength(4);
    expect(scores.indexOf(Math.max(...scores))).toBe(2);
    expect(scores[0]).toBe(0);
    expect(scores[3]).toBe(0);
  });

  it('stem matching finds a sentence that holds the query term in another inflection', () => {
    const text = 'Ships were loaded at dawn. The new bridges connect both banks.';
    const spans = segment(text, false).flatMap((b) => b.sentences);
    const query = 'Which bridge connected the banks?';
    expect(matchScores(text, spans, query, { stems: false })[1]).toBeLessThan(matchScores(text, spans, query, { stems: true })[1]!);
    const stemmed = matchScores(text, spans, query, { stems: true });
    expect(stemmed[0]).toBe(0);
    expect(stemmed[1]).toBeGreaterThan(0);
  });

  it('blends each word with its sentence, the best sentence counting 1', () => {
    const words = splitWords(TEXT);
    const flat = new Float32Array(words.length).fill(0.4);
    const same = withLexicalPrior(TEXT, words, flat, sentences(), QUERY, 0);
    expect(Array.from(same)).toEqual(Array.from(flat));
    const blended = withLexicalPrior(TEXT, words, flat, sentences(), QUERY, 0.5);
    const inBest = words.findIndex((w) => w.text === 'Amar');
    const inNone = words.findIndex((w) => w.text === 'Fishermen');
    expect(blended[inBest]).toBeCloseTo(0.5 * 0.4 + 0.5, 6);
    expect(blended[inNone]).toBeCloseTo(0.5 * 0.4, 6);
  });

  // "fetchmail" is in every paragraph: across paragraphs it says nothing, "OpenMail" decides.
  const fetchmail = () => {
    const text = [
      'Fetchmail with IPv6 needs a system that supports it.',
      'No special configuration is required. OpenMail versions prior to 6.0 round message sizes in fetchmail.',
      'Fetchmail only handles the receiving side. Sendmail ships the rest.',
    ].join('\n\n');
    const blocks = segment(text, false);
    return { text, blocks, spans: blocks.flatMap((b) => b.sentences), words: splitWords(text) };
  };

  it('wholeQuery: a chat turn echoing one word of a long question is not scored as a full match (broken-build chat)', () => {
    const chat = CHATS.find((c) => c.id === 'broken-build')!;
    const text = chat.turns.slice(0, 7).join('\n\n');
    const spans = segment(text, false).flatMap((b) => b.sentences);
    const words = splitWords(text);
    const zero = new Float32Array(words.length);
    const at = (w: string, scores: Float32Array) => scores[words.findIndex((x) => x.text === w)]!;
    const ranked = withLexicalPrior(text, words, zero, spans, chat.question, 1, { stems: true });
    const whole = withLexicalPrior(text, words, zero, spans, chat.question, 1, { stems: true, wholeQuery: 0.7 });
    // "The build agent runs Node 16.20" shares only "build" with the question: the best match among the turns...
    expect(at('agent', ranked)).toBeCloseTo(1, 6);
    // ...but a small share of a sentence echoing the whole question; relative order is unchanged
    expect(at('agent', whole)).toBeLessThan(0.5);
    expect(at('agent', whole) / at('agent', ranked)).toBeCloseTo(at('Property', whole) / at('Property', ranked), 6);
  });

  it('with a block share, a sentence takes part of its paragraph relevance, scored against the other paragraphs', () => {
    const { text, blocks, spans, words } = fetchmail();
    const zero = new Float32Array(words.length);
    const query = 'How can I use fetchmail with HP OpenMail?';
    const at = (w: string, scores: Float32Array) => scores[words.findIndex((x) => x.text === w)]!;
    const sentenceOnly = withLexicalPrior(text, words, zero, spans, query, 1, { stems: true }, blocks);
    const withBlocks = withLexicalPrior(text, words, zero, spans, query, 1, { stems: true, blockShare: 0.5 }, blocks);
    // "configuration" sits in a sentence sharing no query word, in the paragraph that answers
    expect(at('configuration', sentenceOnly)).toBe(0);
    expect(at('configuration', withBlocks)).toBeCloseTo(0.5, 6);
    // the paragraph's part is BM25 over the paragraphs themselves (summed from its sentences' counts)
    const perBlock = matchScores(text, blocks, query, { stems: true });
    expect(at('IPv6', withBlocks)).toBeCloseTo(0.5 * at('IPv6', sentenceOnly) + (0.5 * perBlock[0]!) / Math.max(...perBlock), 6);
    // and the sentence naming OpenMail now leads the one that matched only "fetchmail"
    expect(at('OpenMail', withBlocks)).toBeGreaterThan(at('IPv6', withBlocks));
    expect(Array.from(withLexicalPrior(text, words, zero, spans, query, 1, { stems: true, blockShare: 0 }, blocks))).toEqual(Array.from(sentenceOnly));
  });

  it('counts made once for the coarse-to-fine plan rank blocks as counting the blocks does, and the prior reads them unchanged', () => {
    const { text, blocks, spans, words } = fetchmail();
    const model = Float32Array.from(words, (_, i) => (i % 7) / 7);
    for (const query of ['How can I use fetchmail with HP OpenMail?', 'Which version rounds message sizes?', 'Does it need special configuration?']) {
      const counted = countSentences(text, spans, query, LEXICAL_MATCH);
      const direct = matchScores(text, blocks, query, LEXICAL_MATCH);
      blockMatchScores(text, blocks, counted).forEach((v, i) => expect(v).toBeCloseTo(direct[i]!, 12));
      const fresh = withLexicalPrior(text, words, model, spans, query, 0.5, LEXICAL_MATCH, blocks);
      expect(Array.from(withLexicalPrior(text, words, model, spans, query, 0.5, LEXICAL_MATCH, blocks, counted))).toEqual(Array.from(fresh));
      // counts for another query are not read
      const other = countSentences(text, spans, 'Sendmail', LEXICAL_MATCH);
      expect(Array.from(withLexicalPrior(text, words, model, spans, query, 0.5, LEXICAL_MATCH, blocks, other))).toEqual(Array.from(fresh));
    }
  });

  it('a stem keeps its word\'s first letter, so words are matched and echoed without stemming those no query term opens like', () => {
    // countQueryTerms and answerInformationOf skip every other word on this property.
    const vectors = wordVectors();
    const words = vectors ? [...vectors.index.keys()] : ['running', 'ponies', 'yelled', 'agreed', 'united', 'caresses', 'generalizations'];
    expect(words.filter((w) => stem(w)[0] !== w[0])).toEqual([]);
    const scores = bm25('Yelling ponies ran. Agreed terms were kept.', [{ start: 0, end: 19 }, { start: 20, end: 43 }], 'who yelled at the pony?', stem);
    expect(scores[0]).toBeGreaterThan(0);
    expect(scores[1]).toBe(0);
  });

  it('leaves model scores in the same order when no sentence shares a query term', () => {
    const words = splitWords(TEXT);
    const scores = Float32Array.from(words, (_, i) => (i % 7) / 10);
    const out = withLexicalPrior(TEXT, words, scores, sentences(), 'zebra quantum?', 0.5);
    for (let i = 1; i < words.length; i++) expect(Math.sign(out[i]! - out[i - 1]!)).toBe(Math.sign(scores[i]! - scores[i - 1]!));
  });
});

describe('engine with the lexical prior', () => {
  // a model that cannot tell the sentences apart: the prior alone decides
  const engine = createEngine(flatScorer);
  const req: EngineRequest = {
    context: TEXT,
    query: QUERY,
    weights: 'latte_v1',
    ratio: 1,
    defaultRatio: 0.5,
    coarse: false,
    heuristicChunking: false,
    placeholders: false,
  };

  it('breaks model ties in favour of the sentence that shares the query terms', async () => {
    const [withPrior] = await engine.compress([req]);
    expect(withPrior!.compressed).toBe('The Velta river reaches the sea at Port Amar.');
    const [modelOnly] = await engine.compress([{ ...req, tuning: { lexicalWeight: 0 } }]);
    expect(modelOnly!.compressed).toBe('The harbour was busy in the summer months.');
  });
});

describe('soft matching through the bundled word vectors', () => {
  const vectors = wordVectors();
  const soft = { vectors: () => vectors, weight: 0.25, threshold: 0.55 };

  it('loads the bundled vectors: a word is nearest itself, unknown words are 0, cosine is symmetric', () => {
    expect(vectors).toBeDefined();
    const v = vectors!;
    expect(v.index.size).toBeGreaterThan(10_000);
    expect(similarity(v, 'bridge', 'bridge')).toBe(1);
    expect(similarity(v, 'bridge', 'qqzzxv')).toBe(0);
    expect(similarity(v, 'bridge', 'roadway')).toBeCloseTo(similarity(v, 'roadway', 'bridge'), 6);
    // related words are nearer than unrelated ones
    expect(similarity(v, 'warehouse', 'storehouse')).toBeGreaterThan(similarity(v, 'warehouse', 'violin') + 0.2);
  });

  it('gives a sentence that paraphrases the question a score where BM25 gives 0, below a literal match', () => {
    const text = 'The violin concert ended late. Our storehouse near the docks holds grain. The warehouse stores grain.';
    const spans = segment(text, false).flatMap((b) => b.sentences);
    const query = 'Which warehouse holds grain?';
    const literal = matchScores(text, spans, query, { stems: true });
    const withSoft = matchScores(text, spans, query, { stems: true, soft });
    expect(literal[0]).toBe(0);
    expect(withSoft[0]).toBe(0);
    // "storehouse" for "warehouse": a partial match on top of the literal "holds grain"
    expect(withSoft[1]).toBeGreaterThan(literal[1]!);
    expect(withSoft[2]).toBeGreaterThan(withSoft[1]!);
  });

  it('is literal only without vectors (files missing) or at weight 0', () => {
    const text = 'Our storehouse near the docks holds grain.';
    const spans = segment(text, false).flatMap((b) => b.sentences);
    const query = 'Where is the warehouse?';
    expect(matchScores(text, spans, query, { stems: true, soft: { ...soft, vectors: () => undefined } })).toEqual([0]);
    expect(matchScores(text, spans, query, { stems: true, soft: { ...soft, weight: 0 } })).toEqual([0]);
    expect(matchScores(text, spans, query, { stems: true, soft })[0]).toBeGreaterThan(0);
  });

  it('unseenOnly: a query term the text uses somewhere is matched literally only', () => {
    const query = 'Which warehouse holds grain?';
    const paraphrase = 'Our storehouse near the docks holds grain.';
    const unseen = { ...soft, unseenOnly: true };
    const alone = segment(paraphrase, false).flatMap((b) => b.sentences);
    expect(matchScores(paraphrase, alone, query, { stems: true, soft: unseen })[0]).toBeGreaterThan(matchScores(paraphrase, alone, query, { stems: true })[0]!);
    const text = `${paraphrase} The old warehouse was sold.`;
    const spans = segment(text, false).flatMap((b) => b.sentences);
    expect(matchScores(text, spans, query, { stems: true, soft: unseen })).toEqual(matchScores(text, spans, query, { stems: true }));
  });

  it('serves soft matching by default', () => {
    expect(LEXICAL_MATCH.soft?.vectors()).toBe(vectors);
  });
});

describe('WordNet neighbours of query terms', () => {
  const relations = wordRelations();
  const vectors = wordVectors();
  const text = 'The passenger train left the station at noon. The cargo ship ran aground off Cornwall in a storm.';
  const spans = segment(text, false).flatMap((b) => b.sentences);
  // "freighter" has no vector and shares no word with the text; WordNet's hypernym is "cargo ship".
  const query = 'Where is the freighter?';
  const soft = (nearness: number) => ({ vectors: () => vectors, weight: 0.5, threshold: 0.55, unseenOnly: true, related: { relations: () => relations, nearness } });

  it('reads the bundled file: synonyms, broader terms by their head word, inflected forms, nothing for unknown words', () => {
    expect(relations).toBeDefined();
    expect(relations!.neighbours('apiarist')).toContain('beekeeper');
    expect(relations!.neighbours('apiarists')).toContain('beekeeper');
    expect(relations!.neighbours('freighter')).toContain('ship');
    expect(relations!.neighbours('cathedral')).toContain('church');
    expect(relations!.neighbours('qqzzxv')).toEqual([]);
  });

  it('parses the file format and rejects another', () => {
    const parsed = parseRelations('crema-wordnet 1 3\nbeekeeper\t1\nhive\t\nkeeper\t0\n');
    expect(parsed.neighbours('beekeepers')).toEqual(['hive']);
    expect(parsed.neighbours('hive')).toEqual([]);
    expect(() => parseRelations('beekeeper\thive\n')).toThrow(/crema-wordnet/);
  });

  it('gives the sentence holding a neighbour of an unseen query term a score where vectors alone give 0', () => {
    expect(vectors!.index.has('freighter')).toBe(false);
    const alone = matchScores(text, spans, query, { stems: true, soft: soft(0) });
    const related = matchScores(text, spans, query, { stems: true, soft: soft(0.3) });
    expect(alone).toEqual([0, 0]);
    expect(related[0]).toBe(0);
    expect(related[1]).toBeGreaterThan(0);
    // at most a partial occurrence: below the same sentence asked with its own word
    expect(related[1]).toBeLessThan(matchScores(text, spans, 'Where is the ship?', { stems: true, soft: soft(0.3) })[1]!);
  });

  it('leaves the corpus\'s most frequent words to their vectors (minRank)', () => {
    // "car" is among the 3,000 most frequent words of the corpus, and "convertible" one of its
    // WordNet neighbours that its vector is far from (as "money" is from "cabbage")
    const cars = 'The passenger train left the station at noon. The red convertible won a prize.';
    const two = segment(cars, false).flatMap((b) => b.sentences);
    const common = 'Where is the car?';
    const withRank = (minRank: number) => ({ ...soft(0.3), related: { ...soft(0.3).related, minRank } });
    const none = matchScores(cars, two, common, { stems: true, soft: soft(0) });
    expect(matchScores(cars, two, common, { stems: true, soft: withRank(0) })[1]).toBeGreaterThan(none[1]!);
    expect(matchScores(cars, two, common, { stems: true, soft: withRank(3_000) })).toEqual(none);
    // a rare term is looked up whatever the bound
    expect(matchScores(text, spans, query, { stems: true, soft: withRank(3_000) })[1]).toBeGreaterThan(0);
  });

  it('leaves a query term the text uses to literal matching, and the serving default uses the bundled file', () => {
    const both = `${text} A freighter is a ship.`;
    const three = segment(both, false).flatMap((b) => b.sentences);
    expect(matchScores(both, three, query, { stems: true, soft: soft(0.3) })).toEqual(matchScores(both, three, query, { stems: true, soft: soft(0) }));
    expect(LEXICAL_MATCH.soft!.related!.relations()).toBe(relations);
    expect(LEXICAL_MATCH.soft!.related!.nearness).toBeGreaterThan(0);
  });
});

describe('corpus rarity of query terms', () => {
  // Each sentence holds one query term once and as many terms in all: the text alone cannot tell them apart.
  const text = 'Sailors used ropes daily. A sextant measures angles precisely.';
  const spans = segment(text, false).flatMap((b) => b.sentences);
  const query = 'Who used a sextant?';
  const ranks = new Map([['the', 0], ['used', 40], ['sailors', 3_000], ['sextant', 30_000], ...Array.from({ length: 40_000 }, (_, i) => [`w${i}`, 100 + i] as const)]);

  it('ranks the sentence holding the rarer term first where the text alone scores both alike', () => {
    const literal = matchScores(text, spans, query, { stems: true });
    expect(literal[0]).toBeCloseTo(literal[1]!, 9);
    const weighted = matchScores(text, spans, query, { stems: true, rarity: { ranks: () => ranks, share: 0.5 } });
    expect(weighted[1]).toBeGreaterThan(weighted[0]! * 1.3);
    // a term the list lacks counts as the rarest
    const unlisted = matchScores(text, spans, query, { stems: true, rarity: { ranks: () => new Map([...ranks].filter(([w]) => w !== 'sextant')), share: 0.5 } });
    expect(unlisted[1]).toBeGreaterThan(weighted[1]!);
    expect(unlisted[0]).toBeCloseTo(weighted[0]!, 5);
  });

  it('leaves BM25 alone at share 0 or without a word list, and never scores a sentence that matches nothing', () => {
    const literal = matchScores(text, spans, query, { stems: true });
    expect(matchScores(text, spans, query, { stems: true, rarity: { ranks: () => ranks, share: 0 } })).toEqual(literal);
    expect(matchScores(text, spans, query, { stems: true, rarity: { ranks: () => undefined, share: 0.5 } })).toEqual(literal);
    const other = `${text} Fishermen mended nets.`;
    const three = segment(other, false).flatMap((b) => b.sentences);
    expect(matchScores(other, three, query, { stems: true, rarity: { ranks: () => ranks, share: 0.5 } })[2]).toBe(0);
  });

  it('serves the word vectors\' frequency list: a common word ranks before a rare one', () => {
    const served = LEXICAL_MATCH.rarity!.ranks()!;
    expect(LEXICAL_MATCH.rarity!.share).toBeGreaterThan(0);
    expect(served.get('the')!).toBeLessThan(served.get('harbour')!);
  });
});

describe('the kind of answer the question asks for', () => {
  it('tells a time, an amount and a name in a sentence, and asks nothing of other questions', () => {
    const time = holdsAskedKind('At what time do the bread makers begin work?')!;
    expect(time('The night shift at the bakery starts at 02:30.')).toBe(true);
    expect(time('The bridge collapsed in 1911.')).toBe(true);
    expect(time('The museum is closed on Mondays.')).toBe(true);
    expect(time('You may use the bakery oven.')).toBe(false);
    expect(holdsAskedKind('In which year did the crossing fall down?')!('It fell in 1911.')).toBe(true);
    const amount = holdsAskedKind('How many members does the choir have?')!;
    expect(amount('The choir has 46 members.')).toBe(true);
    expect(amount('Refunds are possible within fourteen days, or two weeks.')).toBe(true);
    expect(amount('The choir sings on one of the hills.')).toBe(false);
    const name = holdsAskedKind('Who carved the statue?')!;
    expect(name('It was carved by Henrik Solberg.')).toBe(true);
    expect(name('The statue was carved from granite.')).toBe(false);
    expect(holdsAskedKind('What program shrinks the overnight records?')).toBeUndefined();
    // "what/which ... <noun>" questions by their head noun
    expect(holdsAskedKind('Which famous architect designed the library?')!('It was designed by Alvar Aalto.')).toBe(true);
    expect(holdsAskedKind('What is the maximum upload size?')!('Uploads may be up to 25 MB.')).toBe(true);
    expect(holdsAskedKind('In which decade was the tower built?')!('The tower went up in the 1920s.')).toBe(true);
    expect(holdsAskedKind('What is the name of the file?')).toBeUndefined();
  });

  it('lifts a paraphrased answer sentence that shares no word with the question', async () => {
    const text = [
      'The bakery sells rye bread and pastries to the whole village.',
      'Its ovens are heated with wood from the nearby forest.',
      'The night shift starts at 02:30 and ends at 10:00.',
      'Customers often queue outside on the street.',
    ].join('\n\n');
    const engine = createEngine(flatScorer);
    const req: EngineRequest = { context: text, query: 'At what time do the bakers begin work?', weights: 'latte_v2', ratio: 3, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: false };
    // literal matching (no word vectors) finds no query word anywhere: only the kind is left to go by
    const [withKind] = await engine.compress([{ ...req, tuning: { lexicalMatch: { stems: true, askedKind: LEXICAL_MATCH.askedKind } } }]);
    expect(withKind!.compressed).toContain('shift starts at 02:30');
    const [without] = await engine.compress([{ ...req, tuning: { lexicalMatch: { stems: true } } }]);
    expect(without!.compressed).not.toContain('02:30');
    // served: the bonus beside soft matching
    const [served] = await engine.compress([req]);
    expect(served!.compressed).toContain('02:30');
  });
});
