import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { createAppLogger } from '../infrastructure/logging/app-logger';
import { alternate, type Report } from './figures';

/** A line of the app's logger at most this many times pino's own, per request. */
const GOAL = 2;

/** A stream that takes each line and keeps none: the figure is the logger's, not a disk's. */
function sink(): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
}

/**
 * What logging costs a request, as the request middleware spends it (request-logging.ts): the
 * request's child logger with its id, and its line when the answer is complete, at `info` in
 * JSON as production writes them. The app's logger (credentials censored by pino's redactor,
 * email addresses masked) against pino alone with the same format and none of that, in
 * alternating rounds of `lines` requests each.
 */
export function benchLogging(report: Report, lines: number, rounds = 6): Promise<void> {
  const app = createAppLogger({ level: 'info', format: 'json' }, sink());
  const bare = pino(
    {
      level: 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    sink(),
  );
  const requests = (logger: Logger) => () => {
    const started = performance.now();
    for (let i = 0; i < lines; i += 1) {
      const requestId = `0b6e3c1e-5f2d-4a8b-9c7d-${String(i).padStart(12, '0')}`;
      logger.child({ requestId });
      logger.info(
        { requestId, method: 'GET', route: '/api/posts/:id', status: 200, durationMs: 2 },
        'GET /api/posts/:id 200',
      );
    }
    return ((performance.now() - started) * 1000) / lines;
  };
  // Warm both up first, so neither round pays for the other's compilation.
  requests(app)();
  requests(bare)();
  return alternate(rounds, requests(app), requests(bare)).then((measured) => {
    report.figure(
      `a request's child logger and line, the app's logger (censoring, masking), mean of ${lines}`,
      { rounds: measured, unit: 'µs' },
      { name: 'pino alone, same format, same child and line', value: 0, unit: 'µs' },
      { ratioAtMost: GOAL },
    );
  });
}
