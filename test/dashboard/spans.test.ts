import { describe, expect, it } from 'vitest';
import { markSpans } from '../../client/dashboard/src/spans.js';

const kept = (spans: { text: string; kept: boolean }[]) => spans.filter((s) => s.kept).map((s) => s.text.trim());
const dropped = (spans: { text: string; kept: boolean }[]) => spans.filter((s) => !s.kept).map((s) => s.text.trim());

describe('markSpans (playground: which parts of the original were dropped)', () => {
  it('finds the pieces between placeholders in order', () => {
    const original = 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.';
    const spans = markSpans(original, 'First paragraph.\n\n[...]\n\nThird paragraph.');
    expect(kept(spans)).toEqual(['First paragraph.', 'Third paragraph.']);
    expect(dropped(spans)).toEqual(['Second paragraph.']);
    expect(spans.map((s) => s.text).join('')).toBe(original);
  });

  it('reads output without placeholders word by word', () => {
    const original = 'The tower was completed in 1889 for the fair.';
    const spans = markSpans(original, 'tower completed 1889');
    expect(kept(spans)).toEqual(['tower', 'completed', '1889']);
    expect(dropped(spans)).toEqual(['The', 'was', 'in', 'for the fair.']);
    expect(spans.map((s) => s.text).join('')).toBe(original);
  });

  it('a repeated phrase is matched at its next occurrence, not an earlier one', () => {
    const spans = markSpans('a b. x. a b.', 'x. a b.');
    expect(spans[0]).toEqual({ text: 'a b. ', kept: false });
    expect(kept(spans)).toEqual(['x. a b.']);
  });

  it('everything kept, nothing kept, and words the engine added', () => {
    expect(markSpans('same text', 'same text')).toEqual([{ text: 'same text', kept: true }]);
    expect(markSpans('gone', '')).toEqual([{ text: 'gone', kept: false }]);
    expect(kept(markSpans('- item one\n- item two', '- item two [...] added'))).toEqual(['- item two']);
  });
});
