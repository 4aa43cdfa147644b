import { describe, expect, it } from 'vitest';
import { fileCueWords } from '../../../../server/compression/engine/tool-discovery/file-cues.js';
import { rankTools } from '../../../../server/compression/engine/tool-discovery/rank.js';
import { queryTerms } from '../../../../server/compression/engine/tool-discovery/score.js';
import { cachedToolText } from '../../../../server/compression/engine/tool-discovery/tool-cache.js';
import { toToolSpec } from '../../../../server/compression/engine/tool-discovery/tool-shapes.js';
import { SAMPLE_TOOLS } from '../../../fixtures/sample-tools.js';

const tools = SAMPLE_TOOLS.map(toToolSpec);

describe('query words', () => {
  it('leaves glue words out: pronouns, modals and request phrasing match no tool', () => {
    expect(queryTerms('Show me the photo scan.png so I can look at it').map((t) => t.surface)).toEqual(['show', 'photo', 'scan', 'png', 'look', 'image']);
    expect(queryTerms('can you please let me')).toEqual([]);
  });

  it('drops the word a negation applies to, unless the query also says it plainly', () => {
    const said = (q: string) => queryTerms(q).map((t) => t.surface);
    expect(said('Copy the report without deleting the file')).not.toContain('deleting');
    expect(said("Don't delete it, just move it")).toEqual(expect.arrayContaining(['move']));
    expect(said("Don't delete it, just move it")).not.toContain('delete');
    expect(said('Delete the tag, not the branch; delete it today')).toContain('delete');
    expect(said('Delete the tag, not the branch; delete it today')).not.toContain('branch');
  });

  it('a word after "without" picks no tool', () => {
    const r = rankTools({ query: 'Tidy my disk without deleting any file', tools, maxTools: 3, alwaysKeep: [] });
    expect(r.kept.map((k) => tools[k]!.name)).not.toContain('delete_file');
  });

  it('reads a file name as the kind of file it names', () => {
    expect(fileCueWords('Show me the photo scan.png')).toEqual(['image']);
    expect(fileCueWords('open report.PDF and notes.txt')).toEqual(['document', 'text']);
    expect(fileCueWords('files matching *.csv')).toEqual(['spreadsheet', 'table']);
    expect(fileCueWords('version 1.5 of node.js, at example.com')).toEqual([]);
  });

  it('a glue-only match ranks no tool above another', () => {
    const r = rankTools({ query: 'can I do it please', tools, maxTools: 3, alwaysKeep: [] });
    expect(r.scores.every((s) => s.total === 0)).toBe(true);
  });

  it('a .png file name reaches the tool that handles images', () => {
    const r = rankTools({ query: 'grab diagram.png', tools, maxTools: 3, alwaysKeep: [] });
    expect(tools[r.kept[0]!]!.name).toBe('take_screenshot');
  });
});

describe('per-definition cache', () => {
  it('returns the same reading for the same definition and a new one when it changes', () => {
    const a = cachedToolText(tools[0]!);
    expect(cachedToolText({ ...tools[0]! })).toBe(a);
    const changed = cachedToolText({ ...tools[0]!, description: `${tools[0]!.description} Also labels.` });
    expect(changed).not.toBe(a);
    expect(changed.words).toContain('labels');
  });
});
