import { ConfigError, loadConfig } from '../config';

/** What a start with `env` is refused for (none: it starts). */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/** A small single-machine production: every dev-only adapter knowingly allowed. */
export const allDevAdaptersAllowed = {
  ALLOW_EMBEDDED_STORE: 'true',
  ALLOW_OFFLINE_RATER: 'true',
  ALLOW_MAIL_OUTBOX: 'true',
  ALLOW_LOCAL_CHECKOUT: 'true',
  // The offline rater verifies no foot: every post waits for an admin.
  POSTS_REQUIRE_APPROVAL: 'true',
};

/** What every production start needs besides its adapters; a test drops or overrides one. */
export const productionBasics: Record<string, string> = {
  NODE_ENV: 'production',
  APP_SECRET: 'x'.repeat(40),
  ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
  ADMIN_LOGIN_PATH: '/staff-door',
  TRUST_PROXY: '1',
  PUBLIC_URL: 'https://solescore.example',
};

/** `env` without some of its settings. */
export function without(env: Record<string, string>, ...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}
