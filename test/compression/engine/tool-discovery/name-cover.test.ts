import { describe, expect, it } from 'vitest';
import { longForms } from '../../../../server/compression/engine/tool-discovery/abbreviations.js';
import { centroid, cosine } from '../../../../server/compression/engine/tool-discovery/centroid.js';
import { wordRanks, wordVectors } from '../../../../server/project/bundled-words.js';
import { rankTools } from '../../../../server/compression/engine/tool-discovery/rank.js';
import { toToolSpec } from '../../../../server/compression/engine/tool-discovery/tool-shapes.js';
import { toolText } from '../../../../server/compression/engine/tool-discovery/tool-text.js';

// Two tools whose descriptions both speak of commits and branches: only one is named for the request.
const tools = [
  { name: 'push_files', description: 'Push several files to a GitHub repository in one commit on a branch; the main branch by default.', parameters: { type: 'object', properties: { branch: { type: 'string', description: 'Branch to push to (main)' }, message: { type: 'string', description: 'Commit message' } } } },
  { name: 'list_commits', description: 'Get the history of a GitHub repository branch.', parameters: { type: 'object', properties: { sha: { type: 'string', description: 'Branch name' } } } },
  { name: 'remove_org_member', description: 'Remove a member', parameters: { type: 'object', properties: { member_id: { type: 'string' } } } },
  { name: 'get_weather', description: 'Current weather for a city.', parameters: null },
].map(toToolSpec);
const rank = (query: string) => rankTools({ query, tools, maxTools: 5, alwaysKeep: [] });

describe('name cover and short forms', () => {
  it('ranks the tool whose name the query says first, over one whose description matches more', () => {
    const r = rank('List the commits of the main branch in the GitHub repository');
    expect(tools[r.kept[0]!]!.name).toBe('list_commits');
    const [push, list] = [r.scores[0]!, r.scores[1]!];
    expect(list.cover).toBe(1);
    // "push" and "files" are only faint vector neighbours of the query's words.
    expect(push.cover).toBeLessThan(0.3);
  });

  it('reads short forms in names and queries as their long forms', () => {
    expect(longForms(['org', 'member', 'vm'])).toEqual(['organization', 'virtual', 'machine', 'server']);
    const t = toolText(tools[2]!);
    expect(t.headWords.has('organization')).toBe(true);
    // BM25's document keeps the tool's own words only.
    expect(t.stemCounts.has('organ')).toBe(false);
  });

  it('a parameter word counts less than a description word for the same meaning', () => {
    const same = { type: 'object', properties: { x: { type: 'string' } } };
    const inDescription = toToolSpec({ name: 'a', description: 'Remove a member', parameters: same });
    const inParameter = toToolSpec({ name: 'b', description: 'Do it', parameters: { type: 'object', properties: { x: { type: 'string', description: 'Remove a member' } } } });
    const r = rankTools({ query: 'expel someone from the club', tools: [inParameter, inDescription], maxTools: 2, alwaysKeep: [] });
    expect(r.scores[1]!.semantic).toBeGreaterThan(r.scores[0]!.semantic);
  });

  it("the gist of a text is nearer a paraphrase than an unrelated text, and the pool's best gist is 1", () => {
    const v = wordVectors()!;
    const ranks = wordRanks();
    const weather = centroid(['rain', 'forecast', 'tomorrow'], v, ranks);
    expect(cosine(weather, centroid(['current', 'weather', 'city'], v, ranks))).toBeGreaterThan(cosine(weather, centroid(['remove', 'member'], v, ranks)));
    expect(centroid(['zzqx'], v, ranks)).toBeUndefined();
    const r = rank('will it rain in Lisbon tomorrow?');
    const gists = r.scores.map((s) => s.gist ?? 0);
    expect(Math.max(...gists)).toBe(1);
    expect(gists.every((g) => g >= 0 && g <= 1)).toBe(true);
  });
});
