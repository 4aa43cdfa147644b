import type { RequestHandler } from 'express';

/** The part of express-openapi-validator's `req.openapi` this guard reads. */
interface OperationMetadata {
  openapi?: { schema?: { requestBody?: { required?: boolean } } };
}

/**
 * 422 `{detail:[{loc:["body"], type:"missing"}]}` (FastAPI's answer) for a request whose
 * operation requires a body but that sent none: body-parser leaves `req.body` undefined when
 * there is no Content-Length and no Transfer-Encoding, and the validator lets that through.
 * Mounted after the validator, which has attached the matched operation to the request.
 */
export const requireBody: RequestHandler = (req, res, next) => {
  const operation = (req as typeof req & OperationMetadata).openapi?.schema;
  if (req.body === undefined && operation?.requestBody?.required === true) {
    res.status(422).json({ detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] });
    return;
  }
  next();
};
