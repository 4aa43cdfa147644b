import { describe, expect, it } from 'vitest';
import { explain } from '../../../../server/compression/engine/tool-discovery/explain.js';
import { rankTools } from '../../../../server/compression/engine/tool-discovery/rank.js';
import type { ToolScore } from '../../../../server/compression/engine/tool-discovery/score.js';
import { RELATIVE_CUT, selectTools } from '../../../../server/compression/engine/tool-discovery/select.js';
import { toToolSpec } from '../../../../server/compression/engine/tool-discovery/tool-shapes.js';
import { splitIdentifier, toolText } from '../../../../server/compression/engine/tool-discovery/tool-text.js';
import { LITERAL_QUERIES, SAMPLE_TOOLS } from '../../../fixtures/sample-tools.js';

const tools = SAMPLE_TOOLS.map(toToolSpec);
const rank = (query: string, maxTools = 5, alwaysKeep: string[] = []) => rankTools({ query, tools, maxTools, alwaysKeep });
const names = (kept: number[]) => kept.map((i) => tools[i]!.name);
const score = (total: number): ToolScore => ({ total, lexical: 0, semantic: 0, model: 0, matched: [], related: [] });

describe('stage 1: a tool as text', () => {
  it.each([
    ['create_issue', ['create', 'issue']],
    ['calendar.create_event', ['calendar', 'create', 'event']],
    ['readFile', ['read', 'file']],
    ['HTTPRequest', ['http', 'request']],
    ['kubectl-get-pods', ['kubectl', 'get', 'pods']],
  ])('splits %s', (name, words) => {
    expect(splitIdentifier(name)).toEqual(words);
  });

  it('reads parameter names and descriptions, nested ones too', () => {
    const t = toolText(toToolSpec(SAMPLE_TOOLS.find((x) => x.name === 'create_invoice')));
    expect(t.params.join('\n')).toMatch(/customer id/);
    expect(t.params.join('\n')).toMatch(/due date/);
    expect(t.text).toMatch(/^create invoice\./);
  });

  it('reads the OpenAI, Anthropic and MCP shapes as the same tool', () => {
    const parameters = { type: 'object', properties: { city: { type: 'string' } } };
    const shapes = [
      { name: 'get_weather', description: 'Weather for a city', parameters },
      { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters } },
      { name: 'get_weather', description: 'Weather for a city', input_schema: parameters },
      { name: 'get_weather', description: 'Weather for a city', inputSchema: parameters },
    ];
    for (const s of shapes) expect(toToolSpec(s)).toEqual({ name: 'get_weather', description: 'Weather for a city', parameters });
  });
});

describe('stages 2-4 on the sample tools', () => {
  it.each(LITERAL_QUERIES)('literal query "$query" answers $tool first', ({ query, tool }) => {
    expect(names(rank(query).kept)[0]).toBe(tool);
  });

  it('a paraphrase sharing no word with the tool finds it through related meanings', () => {
    const weather = SAMPLE_TOOLS.find((x) => x.name === 'get_weather')!;
    const query = 'will it rain in Lisbon this afternoon?';
    // The premise: no content word of the query is in the tool's definition.
    const toolWords = new Set(JSON.stringify(weather).toLowerCase().match(/[a-z]+/g));
    expect(['rain', 'lisbon', 'afternoon'].filter((w) => toolWords.has(w))).toEqual([]);
    const r = rank(query);
    expect(names(r.kept)[0]).toBe('get_weather');
    expect(r.reasoning[0]).toMatch(/^get_weather: related "rain" ~ "weather"/);
  });

  it('answers fewer than max_tools when the rest are clearly irrelevant', () => {
    const r = rank('translate this paragraph into German', 10);
    expect(r.kept.length).toBeLessThan(10);
    const best = r.scores[r.kept[0]!]!.total;
    // Everything left out scored under the cut; everything answered at or above it.
    r.scores.forEach((s, i) => expect(r.kept.includes(i)).toBe(s.total >= RELATIVE_CUT * best));
  });

  it('always_keep comes first, in its order, and counts toward max_tools', () => {
    const r = rank('what is the weather in Paris?', 3, ['send_email', 'not_a_tool', 'readFile']);
    expect(names(r.kept)).toEqual(['send_email', 'readFile', 'get_weather']);
    expect(r.reasoning.slice(0, 2)).toEqual(['send_email: in always_keep', 'readFile: in always_keep']);
  });

  it('reasoning names the query words that matched, one line per answered tool', () => {
    const r = rank('list the open pull requests', 5);
    expect(r.reasoning.length).toBe(r.kept.length);
    expect(r.reasoning[0]).toBe('list_pull_requests: matches "list", "open", "pull", "requests"');
  });

  it('tools that read the same tie, and keep definition order', () => {
    // The same words in another order: the same bag for every signal.
    const same = { description: 'Weather forecast for a city.' };
    const tied = [{ name: 'send_email', description: 'Send an email.' }, { name: 'weather_forecast', ...same }, { name: 'forecast.weather', ...same }, { name: 'forecastWeather', ...same }].map(toToolSpec);
    const r = rankTools({ query: 'weather forecast for Oslo', tools: tied, maxTools: 3, alwaysKeep: [] });
    expect(r.kept.map((i) => tied[i]!.name)).toEqual(['weather_forecast', 'forecast.weather', 'forecastWeather']);
  });

  it('is stable: the same request answers the same list', () => {
    const a = rank('create a file with the report');
    const b = rank('create a file with the report');
    expect(b).toEqual(a);
  });
});

describe('stage 3: select', () => {
  it('ties keep definition order', () => {
    const picked = selectTools(['a', 'b', 'c', 'd'], [score(0.5), score(0.9), score(0.9), score(0.5)], 4);
    expect(picked.map((s) => s.index)).toEqual([1, 2, 0, 3]);
  });

  it('cuts below the relative share of the best, but always answers the best', () => {
    expect(selectTools(['a', 'b', 'c'], [score(1), score(RELATIVE_CUT - 0.01), score(RELATIVE_CUT)], 3).map((s) => s.index)).toEqual([0, 2]);
    expect(selectTools(['a', 'b'], [score(0), score(0)], 2).map((s) => s.index)).toEqual([0, 1]);
  });

  it('explains a tool kept without any match honestly, naming the signal that chose it', () => {
    const ranked = { index: 0, why: 'ranked' as const };
    expect(explain('x', ranked, score(0))).toBe('x: nothing matched the query; first in definition order');
    expect(explain('x', ranked, { ...score(0.1), model: 0.7 })).toBe('x: no query word matched; chosen by the latte_v2 reading of its words');
    expect(explain('x', ranked, { ...score(0.1), semantic: 0.05 })).toBe('x: only faint near words matched');
  });
});
