import { beforeAll } from 'vitest';
import { createCremaClient, type CremaClient } from '../../client/index.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';

export interface CremaServer {
  baseUrl: string;
  apiKey: string;
  /** A client of the same server and key, for the expected answers. */
  client: CremaClient;
}

/** A real crema server on a port with one API key, built in beforeAll: what every integration talks to. */
export function useCremaServer(): () => CremaServer {
  const t = useListeningApp();
  let current: CremaServer | undefined;
  beforeAll(async () => {
    const { token } = await signup(t().app);
    const { key } = await createKey(t().app, token);
    current = { baseUrl: t().baseUrl, apiKey: key, client: createCremaClient({ baseUrl: t().baseUrl, apiKey: key }) };
  });
  return () => {
    if (!current) throw new Error('useCremaServer: the server is started in beforeAll');
    return current;
  };
}
