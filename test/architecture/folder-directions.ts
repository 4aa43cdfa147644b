/**
 * The allowed direction of every folder of `server/`: each folder may import only the folders
 * listed beside it (root files — app.ts, main.ts, services.ts, config.ts… — may import any, and no
 * folder imports them). A key with a slash is a nested folder checked as a folder of its own. docs/architecture.md "Folders and their direction" mirrors this table;
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
  // The engine: pure stages (split, score, select, assemble, text, formats); nothing of HTTP or the domains.
  'compression/engine': ['catalog', 'model', 'project'],
  // The families over HTTP: adapters, family routes, model listings; they reach the workers only through CompressionBackend.
  compression: ['api-keys', 'billing', 'catalog', 'compression/engine', 'http', 'model', 'rate-limit'],
  // The backends: worker pool and worker (engine + ONNX scorer), the in-process backend.
  'compression/runtime': ['catalog', 'compression', 'compression/engine', 'model', 'project'],
  health: ['catalog', 'db', 'http', 'model', 'rate-limit'],
  proxy: ['api-keys', 'billing', 'catalog', 'compression', 'compression/engine', 'http'],
  // Static pages.
  dashboard: ['project'],
  docs: ['project'],
};
