/**
 * The allowed direction of every folder of `server/`: each folder may import only the folders
 * listed beside it (root files — app.ts, main.ts, services.ts, config.ts… — may import any, and no
 * folder imports them). docs/architecture.md "Folders and their direction" mirrors this table;
 * test/architecture/import-graph.test.ts checks the code and that document against it.
 */
export const FOLDER_DIRECTIONS: Readonly<Record<string, readonly string[]>> = {
  // Bottom: pure data and primitives that import nothing of the server.
  catalog: [],
  project: [],
  security: [],
  db: [],
  // Infrastructure: the Route type, ApiError table and middleware; no domain.
  http: ['db'],
  // ONNX networks only: the scorer, words, the served file.
  model: ['catalog'],
  // Domains, lowest first; effects upward (signup grant, tier key cap) are injected by services.ts.
  'rate-limit': ['catalog', 'http'],
  accounts: ['catalog', 'db', 'http', 'rate-limit', 'security'],
  'api-keys': ['accounts', 'catalog', 'db', 'http', 'security'],
  billing: ['accounts', 'api-keys', 'catalog', 'db', 'http', 'rate-limit'],
  usage: ['accounts', 'billing', 'catalog', 'db', 'http'],
  gateway: ['accounts', 'api-keys', 'billing', 'catalog', 'db', 'http'],
  // The families over HTTP, the engine stages and the worker runtime (compression/runtime/).
  compression: ['api-keys', 'billing', 'catalog', 'http', 'model', 'project', 'rate-limit'],
  health: ['catalog', 'db', 'http', 'model', 'rate-limit'],
  proxy: ['api-keys', 'billing', 'catalog', 'compression', 'http'],
  // Static pages.
  dashboard: ['project'],
  docs: ['project'],
};
