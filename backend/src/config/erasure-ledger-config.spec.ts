import { join } from 'node:path';
import { loadConfig } from './config';
import { problemsOf } from './testing/config-problems';

const production = {
  NODE_ENV: 'production',
  APP_SECRET: 'x'.repeat(40),
  ALLOW_EMBEDDED_STORE: 'true',
  ALLOW_OFFLINE_RATER: 'true',
  POSTS_REQUIRE_APPROVAL: 'true',
  ALLOW_MAIL_OUTBOX: 'true',
  ALLOW_LOCAL_CHECKOUT: 'true',
  ADMIN_LOGIN_PATH: '/staff-door',
  TRUST_PROXY: '1',
  PUBLIC_URL: 'https://solescore.example',
  DATA_DIR: '/srv/solescore/data',
};

describe('ERASURE_LEDGER', () => {
  it('defaults to a file beside the data directory outside production', () => {
    expect(loadConfig({ DATA_DIR: '/srv/app/data' }).erasureLedger).toBe(
      '/srv/app/data-erasure-ledger.jsonl',
    );
    expect(loadConfig({}).erasureLedger).toBe(join(process.cwd(), 'data-erasure-ledger.jsonl'));
  });

  it('is required in production', () => {
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/^ERASURE_LEDGER is required in production/),
    ]);
    expect(
      loadConfig({ ...production, ERASURE_LEDGER: '/srv/solescore/ledger/erasures.jsonl' })
        .erasureLedger,
    ).toBe('/srv/solescore/ledger/erasures.jsonl');
  });

  it.each(['/srv/solescore/data/erasures.jsonl', '/srv/solescore/data', '/srv/solescore/data/'])(
    'refuses %s, inside DATA_DIR, which a restore empties and rolls back',
    (ledger) => {
      expect(problemsOf({ ...production, ERASURE_LEDGER: ledger })).toEqual([
        expect.stringMatching(/^ERASURE_LEDGER must be outside DATA_DIR/),
      ]);
    },
  );

  it('accepts a file whose name only starts like the data directory', () => {
    expect(
      loadConfig({ DATA_DIR: '/srv/data', ERASURE_LEDGER: '/srv/data-ledger.jsonl' }).erasureLedger,
    ).toBe('/srv/data-ledger.jsonl');
  });
});
