import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

/**
 * `.env.example` at the root lists every variable the configuration reads, each with a line
 * saying whether a production start requires it and what its default is. These tests hold the
 * file to what `loadConfig` does: the names both ways, every literal default (set it, and the
 * configuration is the same as without it) and every "required" mark (a production start
 * without the variable is refused, naming it, and one with all the marked variables starts).
 */

const ROOT = join(__dirname, '..', '..', '..');
const EXAMPLE = readFileSync(join(ROOT, '.env.example'), 'utf8');

/**
 * Valid values for the variables a production start requires, for the production start these
 * tests build. A variable newly marked "required" needs one here.
 */
const SAMPLES: Record<string, string> = {
  PUBLIC_URL: 'https://solescore.example',
  TRUST_PROXY: '1',
  EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
  MONGODB_URL: 'mongodb://localhost:27017/solescore?replicaSet=rs0',
  OPENAI_API_KEY: 'sk-sample',
  SMTP_URL: 'smtps://mail.solescore.example:465',
  STRIPE_SECRET_KEY: 'sk_test_sample',
  STRIPE_WEBHOOK_SECRET: 'whsec_sample',
  APP_SECRET: 'a-sample-secret-of-at-least-32-characters',
  ADMIN_LOGIN_PATH: '/staff-7f3kq',
  ERASURE_LEDGER: '/erasure-ledger/erasures.jsonl',
};

type Env = Record<string, string>;
type Need =
  { kind: 'optional' } | { kind: 'production'; unless: Env } | { kind: 'with'; other: string };
interface ExampleVariable {
  name: string;
  value: string;
  need: Need;
  /** A literal default: setting the variable to it changes nothing. */
  literalDefault: string | null;
}

const STATUS =
  /^# (?:(optional)|(required in production)(?:, unless (\S+=\S+(?: and \S+=\S+)*))?|required with ([A-Z][A-Z0-9_]*))(?:, default(?: `([^`]*)`|: \S).*)?$/;

/** Each variable line with the line above it, which must say what it needs and its default. */
function parseExample(text: string): { variables: ExampleVariable[]; problems: string[] } {
  const lines = text.split('\n');
  const variables: ExampleVariable[] = [];
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const variable = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!variable) {
      if (line !== '' && !line.startsWith('#'))
        problems.push(`line ${index + 1} is neither a variable nor a comment`);
      return;
    }
    const [, name, value] = variable as unknown as [string, string, string];
    const status = STATUS.exec(lines[index - 1] ?? '');
    if (!status) {
      problems.push(
        `${name}: the line above it must say "optional", "required in production" or "required with …"`,
      );
      return;
    }
    const [, optional, production, unless, other, literal] = status;
    const need: Need = optional
      ? { kind: 'optional' }
      : production
        ? {
            kind: 'production',
            unless: Object.fromEntries(
              (unless ?? '')
                .split(' and ')
                .filter(Boolean)
                .map((pair) => pair.split('=')),
            ),
          }
        : { kind: 'with', other: other! };
    variables.push({ name, value, need, literalDefault: literal ?? null });
  });
  return { variables, problems };
}

const { variables, problems: formatProblems } = parseExample(EXAMPLE);
const named = new Map(variables.map((v) => [v.name, v]));

/** Runs loadConfig on `env` and notes every variable it looks at. */
function load(env: Env): {
  config: ReturnType<typeof loadConfig> | null;
  error: ConfigError | null;
  read: Set<string>;
} {
  const read = new Set<string>();
  const watched = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return target[key as string];
    },
  });
  try {
    return { config: loadConfig(watched), error: null, read };
  } catch (error) {
    if (error instanceof ConfigError) return { config: null, error, read };
    throw error;
  }
}

function without(env: Env, ...names: string[]): Env {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}

/** Dependents: the variables required with `name`, which go when it goes. */
function requiredWith(name: string): string[] {
  return variables
    .filter((v) => v.need.kind === 'with' && v.need.other === name)
    .map((v) => v.name);
}

/** A production start with exactly the variables the example marks as required. */
function productionEnv(): Env {
  const env: Env = { NODE_ENV: 'production' };
  for (const v of variables.filter((v) => v.need.kind === 'production'))
    env[v.name] = SAMPLES[v.name]!;
  for (const v of variables) {
    if (v.need.kind === 'with' && env[v.need.other] !== undefined) env[v.name] = SAMPLES[v.name]!;
  }
  return env;
}

/** The names the configuration's source reads: `read('X')`-style calls and `env.X`. */
function namesInSource(): Set<string> {
  const names = new Set<string>();
  const patterns = [
    /\b[A-Za-z_$][\w$]*\(\s*['"]([A-Z][A-Z0-9_]+)['"]/g,
    /\benv\.([A-Z][A-Z0-9_]+)\b/g,
    /\benv\[\s*['"]([A-Z][A-Z0-9_]+)['"]\s*\]/g,
  ];
  for (const file of readdirSync(__dirname).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'),
  )) {
    const source = readFileSync(join(__dirname, file), 'utf8');
    for (const pattern of patterns)
      for (const match of source.matchAll(pattern)) names.add(match[1]!);
  }
  return names;
}

/** Every name the configuration reads: seen in its source, or looked at by loadConfig. */
function namesRead(): Set<string> {
  const names = namesInSource();
  const production = productionEnv();
  const envs: Env[] = [{}, production, { ...production, NODE_ENV: 'development' }];
  for (const env of envs)
    for (const name of load(env).read) if (/^[A-Z][A-Z0-9_]*$/.test(name)) names.add(name);
  return names;
}

describe('.env.example', () => {
  it('gives every variable an empty value and a line saying what it needs, each variable once', () => {
    expect(formatProblems).toEqual([]);
    expect(variables.filter((v) => v.value !== '').map((v) => v.name)).toEqual([]);
    expect(variables.map((v) => v.name).filter((name, i, all) => all.indexOf(name) !== i)).toEqual(
      [],
    );
    expect(variables.length).toBeGreaterThan(0);
  });

  it('lists every variable the configuration reads, and none that it does not', () => {
    const read = namesRead();
    const listed = new Set(named.keys());
    expect({
      missingFromExample: [...read].filter((n) => !listed.has(n)).sort(),
      readByNobody: [...listed].filter((n) => !read.has(n)).sort(),
    }).toEqual({ missingFromExample: [], readByNobody: [] });
  });

  it('gives the defaults loadConfig uses: setting a variable to its default changes nothing', () => {
    const base = load({});
    expect(base.error).toBeNull();
    const configured = { ...productionEnv(), NODE_ENV: 'development' };
    const wrong: string[] = [];
    for (const v of variables.filter((v) => v.literalDefault !== null)) {
      // Checked where it is read: most without anything set, OPENAI_MODEL only with a key.
      const env = base.read.has(v.name) ? {} : without(configured, v.name);
      const unset = load(env);
      const set = load({ ...env, [v.name]: v.literalDefault! });
      expect(unset.read.has(v.name)).toBe(true);
      if (set.error || JSON.stringify(set.config) !== JSON.stringify(unset.config)) {
        wrong.push(
          `${v.name}=${v.literalDefault} ${set.error ? `is refused: ${set.error.problems.join('; ')}` : 'is not its default'}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('starts in production with the variables marked as required, and with nothing set elsewhere', () => {
    for (const v of variables.filter((v) => v.need.kind !== 'optional')) {
      expect({ name: v.name, sample: SAMPLES[v.name] }).toEqual({
        name: v.name,
        sample: expect.any(String),
      });
    }
    expect(load(productionEnv()).error?.problems ?? []).toEqual([]);
    expect(load({}).error?.problems ?? []).toEqual([]);
  });

  it('refuses a production start without each variable marked as required, naming it', () => {
    const production = productionEnv();
    const notRefused: string[] = [];
    for (const v of variables.filter((v) => v.need.kind !== 'optional')) {
      const { error } = load(without(production, v.name, ...requiredWith(v.name)));
      if (!error?.problems.some((problem) => problem.includes(v.name))) notRefused.push(v.name);
    }
    expect(notRefused).toEqual([]);
  });

  it('starts in production without a required variable when what its mark names is set instead', () => {
    const production = productionEnv();
    const exceptions = variables.flatMap((v) =>
      v.need.kind === 'production' && Object.keys(v.need.unless).length > 0
        ? [{ name: v.name, unless: v.need.unless }]
        : [],
    );
    expect(exceptions.length).toBeGreaterThan(0);
    for (const { name, unless } of exceptions) {
      for (const other of Object.keys(unless)) expect(named.has(other)).toBe(true);
      const env = { ...without(production, name, ...requiredWith(name)), ...unless };
      expect({ name, problems: load(env).error?.problems ?? [] }).toEqual({ name, problems: [] });
    }
  });
});
