import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, expect } from 'vitest';

let counter = 0;

/** Signs a new account up and returns its bearer token and id. */
export async function signup(app: Express, body: Record<string, unknown> = {}): Promise<{ token: string; accountId: string; email: string }> {
  const email = (body['email'] as string | undefined) ?? `user${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request(app).post('/api/auth/signup').send({ email, password: 'correct horse battery', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.data.token, accountId: res.body.data.account.id, email };
}

/** Creates an API key for a bearer token and returns the full key and its id. */
export async function createKey(app: Express, token: string, body: Record<string, unknown> = {}): Promise<{ key: string; id: string }> {
  const res = await request(app).post('/api/keys').set('Authorization', `Bearer ${token}`).send({ name: 'test', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { key: res.body.data.key, id: res.body.data.id };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Signs an account up and creates one API key in beforeAll; returns the key's getter.
 * @example const t = useTestApp(); const key = useApiKey(() => t().app);
 */
export function useApiKey(app: () => Express): () => string {
  let key: string | undefined;
  beforeAll(async () => {
    const { token } = await signup(app());
    key = (await createKey(app(), token)).key;
  });
  return () => {
    if (!key) throw new Error('useApiKey: the key is created in beforeAll');
    return key;
  };
}
