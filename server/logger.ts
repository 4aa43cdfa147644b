import { pino, type Logger } from 'pino';

/** Credentials never reach the logs. */
const REDACTED_PATHS = ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie'];

/** The process logger: JSON lines on stdout, one field set per request via pino-http. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'crema' }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
