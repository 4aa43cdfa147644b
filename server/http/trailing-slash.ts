import type { RequestHandler } from 'express';

/**
 * The single-item compression routes are `/api/compress/<family>/` with a trailing slash, as in
 * the hosted API. Clients often drop the slash; route them to the same handler instead of a 404.
 */
export function addTrailingSlash(bases: readonly string[]): RequestHandler {
  const bare = new Set(bases.map((b) => b.replace(/\/$/, '')));
  return (req, _res, next) => {
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    if (bare.has(pathname)) req.url = `${pathname}/${q === -1 ? '' : req.url.slice(q)}`;
    next();
  };
}
