import { describe, expect, it } from 'vitest';
import { markKept, type Span } from '../../client/dashboard/src/mark-kept.js';

const kept = (spans: Span[]) => spans.filter((s) => s.kept).map((s) => s.text.trim());
const dropped = (spans: Span[]) => spans.filter((s) => !s.kept).map((s) => s.text.trim());

describe('markKept, words (prose: which parts of the original were dropped)', () => {
  it('finds the pieces between placeholders in order and gives back the original', () => {
    const original = 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.';
    const spans = markKept(original, 'First paragraph.\n\n[...]\n\nThird paragraph.', 'words');
    expect(kept(spans)).toEqual(['First paragraph.', 'Third paragraph.']);
    expect(dropped(spans)).toEqual(['Second paragraph.']);
    expect(spans.map((s) => s.text).join('')).toBe(original);
  });

  it('marks whole words: a digit kept elsewhere never keeps part of a word', () => {
    const original = 'The tower was completed in 1889 for the fair.';
    const spans = markKept(original, 'tower completed 1889', 'words');
    expect(kept(spans)).toEqual(['tower', 'completed', '1889']);
    expect(dropped(spans)).toEqual(['The', 'was', 'in', 'for the fair.']);
    expect(markKept('item 14 and 4', '4', 'words')).toEqual([{ text: 'item 14 and ', kept: false }, { text: '4', kept: true }]);
  });

  it('a repeated phrase is matched at its later occurrence when the earlier one was dropped', () => {
    const spans = markKept('a b. x. a b.', 'x. a b.', 'words');
    expect(spans[0]).toEqual({ text: 'a b. ', kept: false });
    expect(kept(spans)).toEqual(['x. a b.']);
  });

  it('everything kept, nothing kept, and words the engine added', () => {
    expect(markKept('same text', 'same text', 'words')).toEqual([{ text: 'same text', kept: true }]);
    expect(markKept('gone', '', 'words')).toEqual([{ text: 'gone', kept: false }]);
    // Which '-' and 'item' are kept is a tie for any diff; 'one' is dropped, the added word ignored.
    const spans = markKept('- item one\n- item two', '- item two [...] added', 'words');
    expect(dropped(spans).join(' ')).toContain('one');
    expect(kept(spans).join(' ')).not.toMatch(/one|added/);
  });
});

describe('markKept, lines (logs, tables, text)', () => {
  const log = ['10:00:01 INFO start', '10:00:02 INFO auth passed', '10:00:04 ERROR usage failed', '10:00:05 INFO ledger passed', '10:00:06 INFO finished'].join('\n');

  it('marks each line whole; placeholder lines of the output are skipped', () => {
    const spans = markKept(log, '[... 2 lines]\n10:00:04 ERROR usage failed\n[... 1 line]\n10:00:06 INFO finished', 'lines');
    expect(spans.map((s) => s.text)).toEqual(log.split('\n').map((l, i, all) => (i < all.length - 1 ? `${l}\n` : l)));
    expect(spans.map((s) => s.kept)).toEqual([false, false, true, false, true]);
  });

  it('a line the engine shortened is dropped whole, not kept in part (the 2026-12-03T08:00:0 / 4 case)', () => {
    const spans = markKept('2026-12-03T08:00:04 a\n2026-12-03T08:00:05 b', '2026-12-03T08:00:05 b', 'lines');
    expect(spans).toEqual([{ text: '2026-12-03T08:00:04 a\n', kept: false }, { text: '2026-12-03T08:00:05 b', kept: true }]);
  });
});

describe('markKept, json', () => {
  const original = JSON.stringify({ items: [{ id: 1, detail: 'long text one' }, { id: 2, detail: 'long text two' }], total: 2 });

  it('marks whole values: a dropped key is one dropped line, the comma left before it does not matter', () => {
    const spans = markKept(original, JSON.stringify({ items: [{ id: 1, _omitted: 1 }, { id: 2, detail: 'long text two' }], total: 2 }), 'json');
    expect(spans.map((s) => s.text).join('')).toBe(JSON.stringify(JSON.parse(original), null, 2));
    expect(dropped(spans)).toEqual(['"detail": "long text one"']);
    expect(kept(spans)).toContain('"id": 1,');
    expect(kept(spans)).toContain('"detail": "long text two"');
  });

  it('falls back to lines when either side is not JSON', () => {
    expect(markKept('{"a": 1}\nnot json', '{"a": 1}', 'json')).toEqual([{ text: '{"a": 1}\n', kept: true }, { text: 'not json', kept: false }]);
  });
});
