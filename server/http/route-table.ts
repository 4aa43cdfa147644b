import type { RequestHandler, Router } from 'express';

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One row of a domain's route table; `path` uses Express syntax (`/models/:model_id`). */
export interface Route {
  method: HttpMethod;
  path: string;
  /** The spec's operationId, for logs and for the test that every spec route is mounted. */
  operationId: string;
  // `any` lets each handler declare its own params/body types from generated/.
  handler: RequestHandler<any, any, any>;
  middleware?: RequestHandler<any, any, any>[];
}

/** Mounts every route of every table; the only place routes reach Express. */
export function registerRoutes(router: Router, routes: readonly Route[]): void {
  for (const route of routes) {
    router[route.method](route.path, ...(route.middleware ?? []), route.handler);
  }
}
