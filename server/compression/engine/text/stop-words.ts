/**
 * The engine's one stop list and the two lists built on it. Each consumer reads the narrowest
 * list that fits: a word dropped from a query is a word that can no longer match anything.
 */

const words = (s: string): string[] => s.split(' ');

/** Question words and glue that say nothing about which sentence answers (lexical prior query terms). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  words('a an the of in on at to for from by with and or is are was were be been what which who whom whose when where why how did does do that this these those it its as'),
);

/**
 * STOP_WORDS plus the phrasing of a request to a tool ("show me all ... you have"): the query terms
 * matched against JSON keys and values (formats/query-terms.ts), whose queries read as commands.
 */
export const REQUEST_STOP_WORDS: ReadonlySet<string> = new Set([...STOP_WORDS, ...words('me my i you your show give get find list tell all any there their')]);

/**
 * STOP_WORDS plus pronouns, auxiliaries, modals and request phrasing: words that carry nothing on
 * their own. A compressed run made only of these is an orphan (compress-text.ts); a tool-discovery
 * query's glue words match no tool ("Show me ... so I can look" must not pick a tool for its "can").
 */
export const GLUE: ReadonlySet<string> = new Set([
  ...STOP_WORDS,
  ...words(
    'but being there their they them he she his her we our you your i me my so than then also just into onto over under up down out about after before if has have had not no ' +
      'am us mine ours yours can could would should will shall may might must please want wanted need needs let lets',
  ),
]);
