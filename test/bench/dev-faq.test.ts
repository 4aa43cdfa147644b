import { describe, expect, it } from 'vitest';
import { devSources, parseFetchmailFaq, parseSqliteFaq } from '../../bench/quality/dev-faq.js';
import { haystack, type SquadSet } from '../../bench/lib/squad.js';
import { rng } from '../helpers/rng.js';

// The development sets' parsers on excerpts shaped like the packaged FAQs (the real files are
// fetched with apt-get by the benchmarks, not by the tests).
describe('development FAQ parsers', () => {
  it('fetchmail: numbered <h2> questions with their prose, chapter headings and code left out', () => {
    const html = `<h2 id="C_G">General problems</h2><ul><li><a href="#G1">G1</a></li></ul><hr>
<h2><a name="G1" id="G1">G1. What is fetchmail and why should I
bother?</a></h2>
<p>Fetchmail is a one-stop solution to the remote mail retrieval problem &amp; more.</p>
<pre>poll pop.example.com</pre>
<p>It speaks POP3 and IMAP.</p>
<hr>
<h2><a name="G2">G2. Where do I find the latest FAQ?</a></h2><p>At the home page.</p>`;
    const faq = parseFetchmailFaq(html);
    expect(faq.map((q) => q.question)).toEqual(['What is fetchmail and why should I bother?', 'Where do I find the latest FAQ?']);
    expect(faq[0]!.answer).toContain('retrieval problem & more.');
    expect(faq[0]!.answer).toContain('It speaks POP3 and IMAP.');
    expect(faq[0]!.answer).not.toContain('poll pop.example.com');
  });

  it('sqlite: <a name="qN"> anchors, the question in bold, the answer after it', () => {
    const html = `<ol><li><a href="#q1">How do I create an AUTOINCREMENT field?</a></li></ol><a name="q1"></a>
<p><b>(1) How do I create an AUTOINCREMENT field?</b></p>
<blockquote><p>Short answer: A column declared <a href="x">INTEGER PRIMARY KEY</a> will autoincrement.</p></blockquote>
<a name="q2"></a><p><b>(2) What datatypes does SQLite support?</b></p><blockquote><p>SQLite uses dynamic typing.</p></blockquote>`;
    const faq = parseSqliteFaq(html);
    expect(faq.map((q) => q.question)).toEqual(['How do I create an AUTOINCREMENT field?', 'What datatypes does SQLite support?']);
    expect(faq[0]!.answer.replace(/\s+/gu, ' ').trim()).toBe('Short answer: A column declared INTEGER PRIMARY KEY will autoincrement.');
  });

  it('checks source names', () => {
    expect(devSources('debian, fetchmail')).toEqual(['debian', 'fetchmail']);
    expect(() => devSources('squad')).toThrow(/unknown development source squad/u);
  });
});

describe('haystack pools', () => {
  it('draws a question\'s distractors from its own source only', () => {
    const set: SquadSet = {
      paragraphs: ['a0', 'a1', 'a2', 'a3', 'b0', 'b1', 'b2', 'b3'],
      items: [
        { question: 'q', answers: ['a0'], gold: 0, pool: [0, 4] },
        { question: 'q', answers: ['b0'], gold: 4, pool: [4, 8] },
      ],
    };
    const random = rng(1);
    for (let i = 0; i < 20; i++) {
      expect(haystack(set, set.items[0]!, 3, i, random).split('\n\n').sort()).toEqual(['a0', 'a1', 'a2', 'a3']);
      expect(haystack(set, set.items[1]!, 3, i, random).split('\n\n').sort()).toEqual(['b0', 'b1', 'b2', 'b3']);
    }
    expect(() => haystack(set, set.items[0]!, 4, 0, random)).toThrow(/4 distractors/u);
  });
});
