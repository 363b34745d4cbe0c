import { loadConfig } from './config';
import { problemsOf } from './testing/config-problems';

const logsOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/x', ...env }).logs;

describe('LOG_LEVEL and LOG_FORMAT', () => {
  it('log info as readable lines in development, JSON in production, errors only in tests', () => {
    expect(logsOf({})).toEqual({ level: 'info', format: 'pretty' });
    expect(logsOf({ NODE_ENV: 'test' })).toEqual({ level: 'error', format: 'pretty' });
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 's'.repeat(40),
      ERASURE_LEDGER: '/erasure-ledger/erasures.jsonl',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://solescore.example',
      ADMIN_LOGIN_PATH: '/staff-door',
      ALLOW_EMBEDDED_STORE: 'true',
      ALLOW_OFFLINE_RATER: 'true',
      POSTS_REQUIRE_APPROVAL: 'true',
      ALLOW_MAIL_OUTBOX: 'true',
      ALLOW_LOCAL_CHECKOUT: 'true',
    };
    expect(logsOf(production)).toEqual({ level: 'info', format: 'json' });
  });

  it('take any pino level and either format, in any case', () => {
    expect(logsOf({ LOG_LEVEL: 'DEBUG', LOG_FORMAT: 'json' })).toEqual({
      level: 'debug',
      format: 'json',
    });
    expect(logsOf({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).level).toBe('silent');
  });

  it('refuse anything else, naming the variable and the choices', () => {
    expect(problemsOf({ LOG_LEVEL: 'verbose', LOG_FORMAT: 'xml' })).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
      'LOG_FORMAT must be one of json, pretty (got "xml")',
    ]);
  });
});
