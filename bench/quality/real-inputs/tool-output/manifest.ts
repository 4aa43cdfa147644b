/**
 * The fixtures of the real-input tool-output benchmark, each with the question a user would ask
 * about it and what counts as relevant. `dev` fixtures may guide tuning; `test` ones are only read.
 */
export type FixtureKind = 'log' | 'json' | 'table';

export interface Fixture {
  file: string;
  kind: FixtureKind;
  split: 'dev' | 'test';
  query: string;
  /** JSON: whether an item (array item, or an object member's value) is what the query asks for. */
  relevant?: (item: Record<string, unknown>, key: string) => boolean;
  /** JSON: the items are records (array items, or lockfile entries): a partly kept one is a stub. */
  records?: boolean;
  /** Table: the word a matching row holds. */
  rowWord?: string;
}

const license = (want: string) => (item: Record<string, unknown>) => String(item.license ?? '').toUpperCase() === want;

export const FIXTURES: Fixture[] = [
  { file: 'npm-ejsonparse.txt', kind: 'log', split: 'dev', query: 'Why did npm install fail?' },
  { file: 'npm-ejsonparse-debug.log', kind: 'log', split: 'dev', query: 'Why did npm install fail?' },
  { file: 'npm-install-silly.txt', kind: 'log', split: 'dev', query: 'Which packages are deprecated?' },
  { file: 'pino-app.log', kind: 'log', split: 'dev', query: 'What errors did the server log?' },
  { file: 'node-crash.txt', kind: 'log', split: 'dev', query: 'Why did the script crash?' },
  { file: 'npm-install-silly-debug.log', kind: 'log', split: 'test', query: 'What warnings did npm print?' },
  { file: 'npm-e404.txt', kind: 'log', split: 'test', query: 'Why did the install fail?' },
  { file: 'syslog.log', kind: 'log', split: 'test', query: 'Any disk or authentication problems?' },
  { file: 'tsc-errors.txt', kind: 'log', split: 'test', query: 'Which type errors are there?' },
  { file: 'npm-view.json', kind: 'json', split: 'dev', query: 'Which packages are ISC licensed?', relevant: license('ISC'), records: true },
  { file: 'lock-entries.json', kind: 'json', split: 'dev', query: 'Which packages are BSD-3-Clause licensed?', relevant: license('BSD-3-CLAUSE'), records: true },
  { file: 'package-jsons.json', kind: 'json', split: 'test', query: 'Which packages use the Apache-2.0 license?', relevant: license('APACHE-2.0'), records: true },
  { file: 'npm-view-express.json', kind: 'json', split: 'test', query: 'Who maintains express?', relevant: (_item, key) => key === 'maintainers' },
  { file: 'express-package.json', kind: 'json', split: 'test', query: 'What are the test scripts?', relevant: (_item, key) => key === 'scripts' },
  { file: 'dpkg-l.txt', kind: 'table', split: 'dev', query: 'Which python packages are installed?', rowWord: 'python' },
  { file: 'dpkg-l.txt', kind: 'table', split: 'test', query: 'Which libssl and openssl packages are installed?', rowWord: 'ssl' },
];
