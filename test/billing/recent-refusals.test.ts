import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecentRefusals } from '../../server/billing/recent-refusals.js';

describe('recent refusals', () => {
  afterEach(() => vi.useRealTimers());

  it('remembers an account for its time, a refresh extends it, and then it is forgotten', () => {
    vi.useFakeTimers({ now: 0 });
    const refused = createRecentRefusals(1_000);
    refused.add('a');
    vi.setSystemTime(600);
    expect(refused.has('a')).toBe(true);
    refused.add('a');
    vi.setSystemTime(1_500);
    expect(refused.has('a')).toBe(true);
    vi.setSystemTime(1_601);
    expect(refused.has('a')).toBe(false);
  });

  it('holds at most maxEntries accounts, forgetting the expired and then the oldest first', () => {
    vi.useFakeTimers({ now: 0 });
    const refused = createRecentRefusals(1_000, 3);
    refused.add('a');
    vi.setSystemTime(10);
    refused.add('b');
    refused.add('c');
    refused.add('d'); // full: 'a' is the oldest
    expect(['a', 'b', 'c', 'd'].map((id) => refused.has(id))).toEqual([false, true, true, true]);
    vi.setSystemTime(1_011);
    refused.add('e'); // b, c, d expired: only e is left
    expect(['b', 'c', 'd', 'e'].map((id) => refused.has(id))).toEqual([false, false, false, true]);
  });
});
