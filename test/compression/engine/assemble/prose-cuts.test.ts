import { describe, expect, it } from 'vitest';
import { assemble } from '../../../../server/compression/engine/assemble/assemble.js';
import { factCount, withFactBonus } from '../../../../server/compression/engine/score/fact-sentences.js';
import { labelledLines } from '../../../../server/compression/engine/assemble/labelled-lines.js';
import { withQuantifiedWords } from '../../../../server/compression/engine/select/number-words.js';
import { segment } from '../../../../server/compression/engine/split/segment.js';
import { CHATS } from '../../../fixtures/prose-chats.js';

// Real text: turns of the development support chats (test/fixtures/prose-chats.ts).
const clinic = CHATS.find((c) => c.id === 'clinic-appointment')!.turns;
const booked = clinic[1]!; // 'Hello Dana. I have booked you with Dr. Amara Osei on Tuesday 14 March at 09:40 in room B12 of the east wing.'
const at = (text: string, piece: string) => ({ start: text.indexOf(piece), end: text.indexOf(piece) + piece.length });

describe('coarse cuts are marked on their side', () => {
  it('a kept piece that starts and ends inside a sentence gets [...] at both edges of the output', () => {
    const out = assemble(booked, [at(booked, 'Amara Osei on Tuesday 14 March')], true, false, true);
    expect(out).toBe('[...] Amara Osei on Tuesday 14 March [...]');
  });

  it('whole sentences get no edge marker; a gap inside one sentence is marked', () => {
    expect(assemble(booked, [at(booked, 'Hello Dana.')], true, false, true)).toBe('Hello Dana.');
    const s = at(booked, 'I have booked you with Dr. Amara Osei on Tuesday 14 March at 09:40 in room B12 of the east wing.');
    expect(assemble(booked, [s], true, false, true)).toBe(booked.slice(s.start));
    expect(assemble(booked, [at(booked, 'I have booked you'), at(booked, 'in room B12 of the east wing.')], true, false, true)).toBe('I have booked you [...] in room B12 of the east wing.');
  });

  it('fine mode (no cut marks) and placeholders off are left as they were', () => {
    const spans = [at(booked, 'Amara Osei'), at(booked, '14 March')];
    expect(assemble(booked, spans, true)).toBe('Amara Osei 14 March');
    expect(assemble(booked, spans, false, false, true)).toBe('Amara Osei 14 March');
  });
});

describe('history: sentences that state facts', () => {
  it('counts names, numbers, dates and ids, and nothing in small talk', () => {
    expect(factCount(booked)).toBeGreaterThanOrEqual(5); // 14, 09:40, B12 and five capitalised words at half
    // A number or version weighs more than a capitalised word (memory-leak chat: the version is the fact asked for).
    expect(factCount('It started after we deployed v3.8.2.')).toBe(1);
    expect(factCount('Our Node service keeps getting OOM-killed in production since Friday.')).toBe(1.5);
    expect(factCount(clinic[6]!)).toBe(0); // 'Perfect. Have a nice day!'
    expect(factCount('The job test-linux fails with "error TS2339: Property flatMap does not exist on type" in src/report.ts line 118.')).toBeGreaterThanOrEqual(3);
    expect(factCount('Nice, my kids might come along. Do you have parking?')).toBe(0);
  });

  it('raises the bonus of a fact sentence only', () => {
    const text = clinic.slice(0, 3).join('\n\n');
    const sentences = withFactBonus(text, segment(text, false), 1.5).flatMap((b) => b.sentences);
    const bonusOf = (piece: string) => sentences.find((s) => text.slice(s.start, s.end).startsWith(piece))!.bonus ?? 0;
    expect(bonusOf('I have booked')).toBe(1.5);
    expect(bonusOf('Great, thanks.')).toBe(0);
  });

  it('facts the recent turns state again earn no bonus, unless the query names them (broken-build chat)', () => {
    const chat = CHATS.find((c) => c.id === 'broken-build')!;
    const text = chat.turns.slice(0, 7).join('\n\n');
    const recent = `${chat.turns[7]!}\n${chat.question}`; // 'Node 16.20 is fine for es2022 output.'
    const sentences = withFactBonus(text, segment(text, false), 0.5, recent, chat.question).flatMap((b) => b.sentences);
    const bonusOf = (piece: string) => sentences.find((s) => text.slice(s.start, s.end).startsWith(piece))!.bonus ?? 0;
    // before: 0.25 (Node, 16.20), over the fix's 0.33 (es2022, tsconfig.json); now only tsconfig.json counts
    expect(bonusOf('The build agent')).toBe(0);
    expect(bonusOf('Set "lib"')).toBeCloseTo(0.5 / 3);
    const asked = withFactBonus(text, segment(text, false), 0.5, recent, 'Which Node version does the build agent run?').flatMap((b) => b.sentences);
    expect(asked.find((s) => text.slice(s.start, s.end).startsWith('The build agent'))!.bonus).toBeCloseTo(0.5 / 6);
  });

  it('a run of dropped turns between two kept lines is one [...] opening the second; none at the edges', () => {
    const thanks = clinic[2]!; // 'Great, thanks. By the way, is the flu shot clinic open this week too?'
    const parts = [
      { label: 'user: ', compressed: '' },
      { label: 'assistant: ', compressed: booked },
      { label: 'user: ', compressed: '' },
      { label: 'assistant: ', compressed: '' },
      { label: 'user: ', compressed: thanks },
      { label: 'assistant: ', compressed: '' },
    ];
    expect(labelledLines(parts, true)).toBe(`assistant: ${booked}\n[...] ${thanks}`);
    expect(labelledLines(parts, false)).toBe(`assistant: ${booked}\n${thanks}`);
  });

  it('a speaker is named only where the line says I, we or you; a tool always is', () => {
    const heap = CHATS.find((c) => c.id === 'memory-leak')!.turns[2]!; // 'The heap grows 200MB -> 510MB over 40 min, ... It started after we deployed v3.8.2.'
    const growth = heap.slice(0, heap.indexOf(' It started'));
    const parts = [
      { label: 'user: ', compressed: growth },
      { label: 'assistant: ', compressed: booked },
      { label: 'user: ', compressed: heap },
      { label: 'tool: ', compressed: '{"heap_mb": 510}' },
    ];
    expect(labelledLines(parts, true).split('\n')).toEqual([growth, `assistant: ${booked}`, `user: ${heap}`, 'tool: {"heap_mb": 510}']);
  });

  it('a line that opens with a cut mark takes no second marker for the turns dropped before it', () => {
    const cut = '[...] Amara Osei on Tuesday 14 March [...]';
    const parts = [{ label: 'user: ', compressed: clinic[0]! }, { label: 'assistant: ', compressed: '' }, { label: 'user: ', compressed: cut }];
    expect(labelledLines(parts, true)).toBe(`user: ${clinic[0]!}\n${cut}`);
  });
});

describe('fine mode: a kept number takes the word it quantifies', () => {
  const refund = CHATS.find((c) => c.id === 'refund-order')!.turns[3]!; // '... a full refund of 149.90 EUR; it reaches your card within 5 business days. ...'
  const render = (spans: { start: number; end: number }[]) => spans.map((s) => refund.slice(s.start, s.end)).join(' ');

  it('the next content word, else the one before; a number already beside a kept word is left alone', () => {
    const blocks = segment(refund, false);
    expect(render(withQuantifiedWords(refund, blocks, [at(refund, '149.90'), at(refund, '5')]))).toBe('149.90 EUR; 5 business');
    expect(render(withQuantifiedWords(refund, blocks, [at(refund, 'within 5')]))).toBe('within 5');
    const growth = 'Revenue grew 12% to $4.2M in Q3 2025.';
    expect(assemble(growth, withQuantifiedWords(growth, segment(growth, false), [at(growth, '12%')]), true)).toBe('grew 12%');
  });
});
