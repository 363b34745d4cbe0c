/** How the app logs (docs/operations.md "Logs"). */
export interface LogsConfig {
  /** The lowest level written: `LOG_LEVEL`, by default `info` (`error` under NODE_ENV=test). */
  level: LogLevel;
  /** One JSON object per line (production), or readable lines for a person at a terminal. */
  format: 'json' | 'pretty';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const LOG_FORMATS = ['json', 'pretty'] as const;

/**
 * `LOG_LEVEL` and `LOG_FORMAT`. Tests log only errors unless a test captures the log; production
 * writes JSON lines for the log collector, development readable ones.
 */
export function logsConfig(
  read: (name: string) => string | undefined,
  nodeEnv: 'development' | 'test' | 'production',
  problems: string[],
): LogsConfig {
  const choose = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = read(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (allowed.includes(raw as T)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${read(name)}")`);
    return fallback;
  };
  return {
    level: choose('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'error' : 'info'),
    format: choose('LOG_FORMAT', LOG_FORMATS, nodeEnv === 'production' ? 'json' : 'pretty'),
  };
}
