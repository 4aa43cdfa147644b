import { pino, type Logger } from 'pino';

/** The process logger: JSON lines on stdout, one field set per request via pino-http. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'crema' } });
}
