import redact from '@pinojs/redact';
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogsConfig } from '../../config/logs-config';
import { withoutEmailAddresses } from './email-masking';

/**
 * Never written, whoever logs a request, an answer, an error or a body whole: the credentials they
 * carry. Two lists, for speed: pino's `redact` runs a path that starts with a wildcard (`*.token`)
 * over every field of every line and parses it again each time, which made a request's line several
 * times dearer. So `REDACTED_PATHS`, named from the top, go to pino, and `IN_ANY_FIELD` is applied
 * by the app with the same redactor, only to fields holding an object (`censoredBelow`).
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'err.config.headers.authorization',
  'err.config.headers.Authorization',
  'error.config.headers.authorization',
  'error.config.headers.Authorization',
  'password',
  'currentPassword',
  'token',
];
const IN_ANY_FIELD = [
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  // An HTTP client's error quoting the request it made (headers as that client spelled them).
  'headers.Authorization',
  'password',
  'currentPassword',
  'token',
];
const CENSOR = '[redacted]';

/** A copy of an object with `IN_ANY_FIELD` censored (pino's own redactor, writing no JSON). */
const censorInObject = redact({
  paths: IN_ANY_FIELD,
  censor: CENSOR,
  serialize: (redacted: unknown) => redacted,
}) as <T>(object: T) => T;

/**
 * The object with each of its own fields that holds an object (not an error: pino serializes
 * those after, see `maskedError`) replaced by a copy with `IN_ANY_FIELD` censored, as pino's
 * `*.` paths would; the object itself when no field holds one (a request line, an id binding).
 */
function censoredBelow(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    if (value === null || typeof value !== 'object' || value instanceof Error) continue;
    copy ??= Object.fromEntries(Object.entries(object));
    copy[key] = censorInObject(value);
  }
  return copy ?? object;
}

/**
 * The object's own string fields with every email address masked (one level deep): a copy of
 * its own enumerable fields, or the object itself when no string of it holds an address (a
 * request line, nearly every line), so most lines cost no copy.
 */
function maskedFields(object: Record<string, unknown>): Record<string, unknown> {
  let masked: Record<string, unknown> | null = null;
  for (const key in object) {
    // pino writes an object's own fields only.
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    if (typeof value !== 'string') continue;
    const text = withoutEmailAddresses(value);
    if (text === value) continue;
    masked ??= Object.fromEntries(Object.entries(object));
    masked[key] = text;
  }
  return masked ?? object;
}

/** An error as pino writes it, with every email address masked in its message and stack. */
function maskedError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (typeof serialized === 'string') return withoutEmailAddresses(serialized);
  if (serialized === null || typeof serialized !== 'object') return serialized;
  return censorInObject(maskedFields(serialized as Record<string, unknown>));
}

/**
 * The arguments of a logging call with every email address masked in its strings, and the
 * credentials censored in the fields of the objects its message's placeholders quote (the
 * first argument, when an object, is the line's fields: see `formatters.log`).
 */
function maskedArguments(args: unknown[]): unknown[] {
  return args.map((arg, index) => {
    if (typeof arg === 'string') return withoutEmailAddresses(arg);
    if (index === 0 || arg === null || typeof arg !== 'object' || arg instanceof Error) return arg;
    return censoredBelow(arg as Record<string, unknown>);
  });
}

/**
 * The app's one pino logger, so Nest's `Logger` lines and the request lines share one format. Email
 * addresses are masked in messages, strings and errors, as errors from below quote them ("550
 * <ann@example.com>: Recipient address rejected") and pino's `redact` matches paths, not text;
 * credentials are removed by the redactor wherever a request, answer, error or body puts them
 * (`REDACTED_PATHS`). `destination` replaces standard output (tests capture the log with it).
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
  const logger = pino(
    {
      level: config.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: CENSOR },
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => maskedFields(censoredBelow(fields)),
      },
      serializers: { err: maskedError, error: maskedError },
      hooks: {
        logMethod(args, method) {
          method.apply(this, maskedArguments(args) as Parameters<typeof method>);
        },
      },
    },
    stream,
  );
  // A child's bindings skip `formatters`: they are censored on the way in. Children are made
  // from their parent's prototype chain, so theirs inherit this one.
  const pinoChild = logger.child;
  logger.child = function child(this: Logger, bindings, options) {
    return pinoChild.call(this, censoredBelow(bindings), options);
  } as typeof logger.child;
  return logger;
}
