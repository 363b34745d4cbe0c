/**
 * Never written, whoever logs a request or an answer whole: the credentials they carry. The
 * request line itself names none of them (see request-logging.ts); these hold for any other line
 * that includes a request, an answer or their headers. Paths as pino spells them: `a.b`,
 * `a["b-c"]`, and `*` as the first segment only (any field of the line).
 */
export const REDACTED_PATHS = [
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
  'error.config.headers.authorization',
  'error.config.headers.Authorization',
  'password',
  'currentPassword',
  'token',
  '*.password',
  '*.currentPassword',
  '*.token',
];

export const CENSOR = '[redacted]';

type Path = readonly string[];

/**
 * The paths by the field they start from, as pino applies them: a field named by a path of one
 * segment is replaced whole; a field named by the first segment of longer paths has those paths
 * and the `*` ones looked up inside it; any other field, the `*` ones.
 */
interface CompiledPaths {
  censored: ReadonlySet<string>;
  byField: ReadonlyMap<string, readonly Path[]>;
  anyField: readonly Path[];
}

/** `a.b["c-d"]` as its segments. */
function segments(path: string): string[] {
  const found: string[] = [];
  const pattern = /([^.[\]]+)|\[\s*(["'])(.*?)\2\s*\]/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(path)) !== null) found.push(match[1] ?? match[3]!);
  if (found.slice(1).includes('*')) {
    throw new Error(`Redacted path ${path}: a wildcard is allowed as its first segment only`);
  }
  return found;
}

function compiled(paths: readonly string[]): CompiledPaths {
  const censored = new Set<string>();
  const byField = new Map<string, Path[]>();
  const anyField: Path[] = [];
  const parsed = paths.map(segments);
  for (const [first, ...rest] of parsed) {
    if (rest.length === 0) censored.add(first!);
    else if (first === '*') anyField.push(rest);
  }
  for (const [first, ...rest] of parsed) {
    if (rest.length === 0 || first === '*' || censored.has(first!)) continue;
    if (!byField.has(first!)) byField.set(first!, [...anyField]);
    byField.get(first!)!.push(rest);
  }
  return { censored, byField, anyField };
}

const PATHS = compiled(REDACTED_PATHS);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A shallow copy keeping the prototype and the own enumerable fields, as pino's redaction makes. */
function copyOf<T extends object>(source: T): T {
  if (source instanceof Date) return new Date(source.getTime()) as T;
  if (Array.isArray(source)) return [...source] as T;
  const copy = Object.create(Object.getPrototypeOf(source) as object) as Record<string, unknown>;
  for (const key in source) if (Object.hasOwn(source, key)) copy[key] = source[key];
  return copy as T;
}

/**
 * `value` with what `paths` reach inside it replaced by the censor: a copy of the objects on the
 * way to each field replaced, the original untouched, `value` itself when none is there. A path
 * reaches a field that is the own field of an object, through objects (not `null`).
 */
function redactedInside(value: object, paths: readonly Path[]): object {
  let root: object | null = null;
  const copies = new Map<object, object>();
  const own = (object: object) => {
    let copy = copies.get(object);
    if (!copy) {
      copy = copyOf(object);
      copies.set(object, copy);
      copies.set(copy, copy);
    }
    return copy;
  };
  for (const path of paths) {
    const chain: object[] = [root ?? value];
    for (const key of path.slice(0, -1)) {
      const current = chain[chain.length - 1] as Record<string, unknown>;
      const next = key in current ? current[key] : undefined;
      if (!isObject(next)) break;
      chain.push(next);
    }
    const last = path[path.length - 1]!;
    if (chain.length !== path.length || !Object.hasOwn(chain[chain.length - 1]!, last)) continue;
    root = own(chain[0]!);
    let parent = root as Record<string, unknown>;
    for (let i = 1; i < chain.length; i += 1) {
      const child = own(chain[i]!);
      parent[path[i - 1]!] = child;
      parent = child as Record<string, unknown>;
    }
    parent[last] = CENSOR;
  }
  return root ?? value;
}

/** A field's value as a line writes it: the censor, redacted inside, or as it is. */
export function redactedField(name: string, value: unknown): unknown {
  // A field that is undefined is not written at all.
  if (value === undefined) return value;
  if (PATHS.censored.has(name)) return CENSOR;
  if (!isObject(value)) return value;
  return redactedInside(value, PATHS.byField.get(name) ?? PATHS.anyField);
}

/**
 * A line's fields (or a child logger's) with the credentials they hold replaced, each field as
 * `redactedField` gives it, in a new object only when one changed. `serialized` fields are
 * left to their serializer, which redacts what it makes (pino redacts serializers' output).
 */
export function redactedFields<T extends object>(
  fields: T,
  serialized: ReadonlySet<string> = new Set(),
): T {
  let copy: Record<string, unknown> | null = null;
  for (const name in fields) {
    if (!Object.hasOwn(fields, name) || serialized.has(name)) continue;
    const value = (fields as Record<string, unknown>)[name];
    const redacted = redactedField(name, value);
    if (redacted === value) continue;
    copy ??= { ...(fields as Record<string, unknown>) };
    copy[name] = redacted;
  }
  return (copy ?? fields) as T;
}
