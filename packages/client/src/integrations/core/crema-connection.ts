import { createCremaClient, type CremaClient } from '../../index.js';

/** Where an integration sends its compression calls: a ready client, or a server URL and key. */
export interface CremaConnection {
  /** A crema client to use; when set, `baseUrl` and `apiKey` are ignored. */
  client?: CremaClient;
  /** Server origin. Default: `CREMA_BASE_URL`, else `http://127.0.0.1:8080`. */
  baseUrl?: string;
  /** API key (`cmp_...`). Default: `CREMA_API_KEY`. */
  apiKey?: string;
}

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/** The client an integration uses; the environment is read the way the provider SDKs read theirs. */
export function resolveClient(connection: CremaConnection = {}, env: NodeJS.ProcessEnv = process.env): CremaClient {
  if (connection.client) return connection.client;
  const apiKey = connection.apiKey ?? env['CREMA_API_KEY'];
  if (!apiKey) throw new Error('crema: no API key (pass apiKey or client, or set CREMA_API_KEY)');
  return createCremaClient({ baseUrl: connection.baseUrl ?? env['CREMA_BASE_URL'] ?? DEFAULT_BASE_URL, apiKey });
}
