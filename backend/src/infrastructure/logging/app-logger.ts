import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogsConfig } from '../../config/logs-config';
import { withoutEmailAddresses } from './email-masking';

/**
 * Never written, whoever logs a request or an answer whole: the credentials they carry. The
 * request line itself names none of them (see request-logging.ts); these hold for any other line
 * that includes a request, an answer or their headers.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  // An HTTP client's error quoting the request it made (headers as that client spelled them).
  '*.headers.Authorization',
  'err.config.headers.authorization',
  'err.config.headers.Authorization',
  'password',
  'currentPassword',
  'token',
  '*.password',
  '*.currentPassword',
  '*.token',
];

/** The object's own string fields with every email address masked (one level deep). */
function maskedFields(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => [
      key,
      typeof value === 'string' ? withoutEmailAddresses(value) : value,
    ]),
  );
}

/** An error as pino writes it, with every email address masked in its message and stack. */
function maskedError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (typeof serialized === 'string') return withoutEmailAddresses(serialized);
  if (serialized === null || typeof serialized !== 'object') return serialized;
  return maskedFields(serialized as Record<string, unknown>);
}

/**
 * The app's one pino logger: Nest's own `Logger` lines (boot, projections, reactors, sweeps) and
 * the request lines all go through it, so they share one format: JSON lines, or readable ones
 * for a person at a terminal. Every email address is masked in messages, logged strings and
 * errors (their messages and stacks): errors from below ("550 <ann@example.com>: Recipient
 * address rejected", a driver quoting a value) reach the log without their addresses, whoever
 * logs them. `destination` replaces standard output (tests capture the log with it).
 */
export function createAppLogger(config: LogsConfig, destination?: DestinationStream): Logger {
  const stream =
    destination ??
    (config.format === 'pretty'
      ? pretty({
          colorize: Boolean(process.stdout.isTTY),
          // A request line's method, route and status are its message already.
          ignore: 'pid,hostname,context,method,route,path,status',
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          messageFormat: '{if context}[{context}] {end}{msg}',
          sync: true,
        })
      : pino.destination({ fd: 1, sync: true }));
  return pino(
    {
      level: config.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: maskedFields },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: maskedError, error: maskedError },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((arg: unknown) =>
            typeof arg === 'string' ? withoutEmailAddresses(arg) : arg,
          );
          method.apply(this, masked as Parameters<typeof method>);
        },
      },
    },
    stream,
  );
}
