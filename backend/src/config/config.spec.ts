import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

/** A small single-machine production: every dev-only adapter knowingly allowed. */
const allDevAdaptersAllowed = {
  ALLOW_EMBEDDED_STORE: 'true',
  ALLOW_OFFLINE_RATER: 'true',
  ALLOW_MAIL_OUTBOX: 'true',
  ALLOW_LOCAL_CHECKOUT: 'true',
  // The offline rater verifies no foot: every post waits for an admin.
  POSTS_REQUIRE_APPROVAL: 'true',
};

describe('configuration', () => {
  it('runs on the embedded default with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      role: 'all',
      port: 3000,
      eventStoreUrl: null,
      mongoUrl: null,
      openAi: null,
      uploadLimitPerHour: 30,
      reportAutoHide: 3,
    });
    expect(config.dataDir).toMatch(/data$/);
    // The built frontend of this checkout, wherever this file sits in the build.
    expect(config.frontendDir).toBe(join(__dirname, '..', '..', '..', 'frontend', 'dist'));
  });

  it('names every bad value instead of booting with it', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      UPLOAD_LIMIT_PER_HOUR: '0',
      MONGODB_URL: 'http://not-mongo',
      TRUST_PROXY: 'maybe',
      NODE_ENV: 'staging',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('PORT must be a whole number'),
        expect.stringContaining('UPLOAD_LIMIT_PER_HOUR must be a whole number from 1'),
        expect.stringContaining('MONGODB_URL must start with mongodb://'),
        expect.stringContaining('TRUST_PROXY must be false, the number of proxies'),
        expect.stringContaining('NODE_ENV must be one of'),
      ]),
    );
  });

  it('takes REPORT_AUTO_HIDE as a whole number from 1', () => {
    expect(loadConfig({ REPORT_AUTO_HIDE: '5' }).reportAutoHide).toBe(5);
    expect(problemsOf({ REPORT_AUTO_HIDE: '0' })).toEqual([
      expect.stringContaining('REPORT_AUTO_HIDE must be a whole number from 1'),
    ]);
  });

  it('takes the write limits per account, and how many accounts’ worth an address gets', () => {
    expect(loadConfig({}).writeLimits.comments).toEqual({ perMinute: 6, perHour: 60 });
    expect(loadConfig({}).addressLimitFactor).toBe(5);
    const tuned = loadConfig({
      COMMENT_LIMIT_PER_MINUTE: '2',
      COMMENT_LIMIT_PER_HOUR: '20',
      LIKE_LIMIT_PER_HOUR: '50',
      ADDRESS_LIMIT_FACTOR: '10',
    });
    expect(tuned.writeLimits.comments).toEqual({ perMinute: 2, perHour: 20 });
    expect(tuned.writeLimits.likes).toEqual({ perMinute: 60, perHour: 50 });
    expect(tuned.addressLimitFactor).toBe(10);
    expect(problemsOf({ RATING_LIMIT_PER_MINUTE: '0', ADDRESS_LIMIT_FACTOR: 'many' })).toEqual([
      expect.stringContaining('RATING_LIMIT_PER_MINUTE must be a whole number from 1'),
      expect.stringContaining('ADDRESS_LIMIT_FACTOR must be a whole number from 1'),
    ]);
  });

  it('lets only a test run move the clock', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).testClock).toBe(true);
    expect(loadConfig({}).testClock).toBe(false);
    for (const env of ['development', 'production']) {
      expect(problemsOf({ NODE_ENV: env, TEST_CLOCK: 'true' })).toContain(
        'TEST_CLOCK=true is only allowed with NODE_ENV=test: it lets a request move time',
      );
    }
  });

  it('refuses a production start on dev-only adapters and says which', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
      ADMIN_LOGIN_PATH: '/staff-door',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://solescore.example',
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /embedded event store.*embedded read store.*offline rater.*mail outbox.*local test checkout/,
    );
    for (const variable of [
      'ALLOW_EMBEDDED_STORE',
      'ALLOW_OFFLINE_RATER',
      'ALLOW_MAIL_OUTBOX',
      'ALLOW_LOCAL_CHECKOUT',
    ]) {
      expect(problems[0]).toContain(variable);
    }
  });

  it('allows each dev-only adapter in production on its own: the embedded store never brings the free checkout or the outbox', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
      ADMIN_LOGIN_PATH: '/staff-door',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://solescore.example',
      OPENAI_API_KEY: 'sk-1',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    // Everything real but the stores: the store alone is allowed, and it is enough.
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/embedded event store.*embedded read store.*ALLOW_EMBEDDED_STORE/),
    ]);
    expect(problemsOf({ ...production, ALLOW_EMBEDDED_STORE: 'true' })).toEqual([]);
    // The embedded store allowed does not allow a checkout that takes no money, nor the outbox.
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SMTP_URL, ...withoutStripeOrSmtp } =
      production;
    void [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, SMTP_URL];
    const [problem] = problemsOf({ ...withoutStripeOrSmtp, ALLOW_EMBEDDED_STORE: 'true' });
    expect(problem).toMatch(/mail outbox.*local test checkout/);
    expect(problem).not.toMatch(/embedded/);
    expect(
      problemsOf({
        ...withoutStripeOrSmtp,
        ALLOW_EMBEDDED_STORE: 'true',
        ALLOW_MAIL_OUTBOX: 'true',
      }),
    ).toEqual([expect.stringMatching(/local test checkout.*ALLOW_LOCAL_CHECKOUT/)]);
    expect(
      problemsOf({
        ...withoutStripeOrSmtp,
        ALLOW_EMBEDDED_STORE: 'true',
        ALLOW_MAIL_OUTBOX: 'true',
        ALLOW_LOCAL_CHECKOUT: 'true',
      }),
    ).toEqual([]);
    const { OPENAI_API_KEY, ...withoutOpenAi } = production;
    void OPENAI_API_KEY;
    expect(problemsOf({ ...withoutOpenAi, ALLOW_EMBEDDED_STORE: 'true' })).toEqual([
      expect.stringMatching(/offline rater.*ALLOW_OFFLINE_RATER/),
    ]);
  });

  it('accepts the offline rater in production only with the offline gate and every post held for an admin', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
      ADMIN_LOGIN_PATH: '/staff-door',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://solescore.example',
      ...allDevAdaptersAllowed,
    };
    expect(problemsOf(production)).toEqual([]);
    expect(loadConfig(production)).toMatchObject({
      contentGate: { kind: 'offline' },
      postsRequireApproval: true,
    });
    const rule =
      /ALLOW_OFFLINE_RATER=true needs CONTENT_GATE=offline and POSTS_REQUIRE_APPROVAL=true/;
    expect(problemsOf({ ...production, POSTS_REQUIRE_APPROVAL: 'false' })).toEqual([
      expect.stringMatching(rule),
    ]);
    expect(problemsOf({ ...production, CONTENT_GATE: 'openai' })).toEqual(
      expect.arrayContaining([expect.stringMatching(rule)]),
    );
    // With the OpenAI rater (which refuses what is not feet) the offline allowance is unused.
    expect(
      problemsOf({ ...production, POSTS_REQUIRE_APPROVAL: 'false', OPENAI_API_KEY: 'sk-1' }),
    ).toEqual([]);
    // Development publishes what the gate passes.
    expect(loadConfig({})).toMatchObject({
      contentGate: { kind: 'offline' },
      postsRequireApproval: false,
    });
    expect(problemsOf({ CONTENT_GATE: 'cloud' })).toEqual([expect.stringMatching(/CONTENT_GATE/)]);
  });

  it('refuses the old all-in-one ALLOW_DEV_ADAPTERS in production and names the variables that replace it', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
      ADMIN_LOGIN_PATH: '/staff-door',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://solescore.example',
      ALLOW_DEV_ADAPTERS: 'true',
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^ALLOW_DEV_ADAPTERS is no longer accepted.*ALLOW_EMBEDDED_STORE.*ALLOW_OFFLINE_RATER.*ALLOW_MAIL_OUTBOX.*ALLOW_LOCAL_CHECKOUT/,
      ),
    );
  });

  it('refuses a production start whose PUBLIC_URL is not https', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
      ADMIN_LOGIN_PATH: '/staff-door',
      TRUST_PROXY: '1',
      ...allDevAdaptersAllowed,
    };
    expect(problemsOf({ ...production, PUBLIC_URL: 'http://solescore.example' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL must be the https:\/\/ address/),
    ]);
    // Unset, it would be http://localhost: mail links to nowhere.
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/^PUBLIC_URL must be the https:\/\/ address/),
    ]);
    expect(problemsOf({ ...production, PUBLIC_URL: 'https://solescore.example' })).toEqual([]);
    // Outside production a local http address is the norm.
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:5173' }).publicUrl).toBe(
      'http://localhost:5173',
    );
  });

  it('takes Stripe with its webhook secret, and an optional Stripe-compatible server', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1' })[0]).toMatch(
      /^STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/,
    );
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toEqual([
      'STRIPE_WEBHOOK_SECRET and STRIPE_API_URL need STRIPE_SECRET_KEY',
    ]);
  });

  it('lets a production start use dev adapters when explicitly allowed', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
      ...allDevAdaptersAllowed,
      ADMIN_LOGIN_PATH: '/staff-door',
      TRUST_PROXY: 'false',
      PUBLIC_URL: 'https://solescore.example',
    });
    expect(config.env).toBe('production');
    expect(config.allowInProduction).toEqual({
      embeddedStore: true,
      offlineRater: true,
      mailOutbox: true,
      localCheckout: true,
    });
  });

  it('requires a long APP_SECRET in production', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
        ...allDevAdaptersAllowed,
        ADMIN_LOGIN_PATH: '/staff-door',
        TRUST_PROXY: '1',
        PUBLIC_URL: 'https://solescore.example',
      }),
    ).toEqual(['APP_SECRET is required in production']);
    expect(problemsOf({ APP_SECRET: 'short' })).toEqual([
      'APP_SECRET must be at least 32 characters',
    ]);
  });

  it('trusts X-Forwarded-For only from a number of proxy hops or named proxies, never from anyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toContain('TRUST_PROXY must be false');
  });

  it.each([
    '0.0.0.0/0',
    '::/0',
    '10.0.0.0/8, 0.0.0.0/0',
    'loopback, ::/0',
    '0::0/0',
    '192.0.2.1/0',
  ])('refuses TRUST_PROXY=%p, which trusts every address like true does', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([
      expect.stringMatching(/^TRUST_PROXY may not trust every address/),
    ]);
  });

  it('requires TRUST_PROXY in production, where a proxy decides who the client is', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
      ...allDevAdaptersAllowed,
      ADMIN_LOGIN_PATH: '/staff-door',
      PUBLIC_URL: 'https://solescore.example',
    };
    const [problem] = problemsOf(production);
    expect(problem).toMatch(/^TRUST_PROXY is required in production/);
    expect(problemsOf({ ...production, TRUST_PROXY: 'false' })).toEqual([]);
    expect(problemsOf({ ...production, TRUST_PROXY: '1' })).toEqual([]);
  });

  it('listens on this machine only unless production or HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses to split api and worker on the embedded read store', () => {
    expect(problemsOf({ ROLE: 'api' })[0]).toContain('ROLE=api needs MONGODB_URL');
  });

  it('configures the OpenAI rater when a key is set', () => {
    expect(
      loadConfig({ OPENAI_API_KEY: 'sk-1', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }).openAi,
    ).toEqual({
      apiKey: 'sk-1',
      model: 'gpt-4o-mini',
      baseUrl: 'http://127.0.0.1:9/v1',
      timeoutMs: 30000,
    });
  });

  it('configures accounts with safe defaults: argon2id at OWASP cost, outbox mail, no admin', () => {
    expect(loadConfig({})).toMatchObject({
      admin: null,
      smtpUrl: null,
      mailFrom: 'SoleScore <no-reply@localhost>',
      passwordHashMemoryKib: 19456,
      loginLimitPerAccount: 10,
      loginLimitPerIp: 50,
    });
  });

  it('reads the first admin, SMTP and mail sender', () => {
    expect(
      loadConfig({
        ADMIN_USERNAME: 'root_admin',
        ADMIN_PASSWORD: ' twelve chars+ ',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        PUBLIC_URL: 'https://solescore.app',
      }),
    ).toMatchObject({
      admin: { username: 'root_admin', password: ' twelve chars+ ' },
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'SoleScore <no-reply@solescore.app>',
    });
  });

  it('names bad account settings', () => {
    expect(problemsOf({ ADMIN_USERNAME: 'root_admin' })).toEqual([
      'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    ]);
    expect(
      problemsOf({ ADMIN_USERNAME: 'root admin', ADMIN_PASSWORD: 'x'.repeat(12) })[0],
    ).toContain('ADMIN_USERNAME must be 3 to 30');
    expect(problemsOf({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'short' })).toEqual([
      'ADMIN_PASSWORD must be 12 to 256 characters',
    ]);
    expect(problemsOf({ SMTP_URL: 'http://mail.example.com' })).toEqual([
      'SMTP_URL must start with smtp:// or smtps://',
    ]);
    expect(problemsOf({ MAIL_FROM: 'nobody' })[0]).toContain('MAIL_FROM must be an address');
    expect(problemsOf({ PASSWORD_HASH_MEMORY_KIB: '4' })[0]).toContain(
      'PASSWORD_HASH_MEMORY_KIB must be a whole number from 8',
    );
  });

  it('refuses a test-sized password hash cost in production, and names the mail outbox as dev-only', () => {
    const base = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
      ADMIN_LOGIN_PATH: '/staff-door',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://solescore.example',
    };
    expect(
      problemsOf({ ...base, ...allDevAdaptersAllowed, PASSWORD_HASH_MEMORY_KIB: '64' }),
    ).toEqual(['PASSWORD_HASH_MEMORY_KIB below 19456 is for tests only, not production']);
    expect(problemsOf(base)[0]).toContain(
      'the mail outbox, which delivers no mail (set SMTP_URL, or ALLOW_MAIL_OUTBOX=true)',
    );
  });

  it('hides the admin sign-in at /rtm-login outside production, and at a chosen path', () => {
    expect(loadConfig({}).adminLoginPath).toBe('/rtm-login');
    expect(loadConfig({ NODE_ENV: 'test' }).adminLoginPath).toBe('/rtm-login');
    expect(loadConfig({ ADMIN_LOGIN_PATH: '/staff/door-7~x/' }).adminLoginPath).toBe(
      '/staff/door-7~x',
    );
  });

  it('requires ADMIN_LOGIN_PATH in production', () => {
    expect(
      problemsOf({
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(40),
        ERASURE_LEDGER: '/var/lib/solescore/erasure-ledger.jsonl',
        ...allDevAdaptersAllowed,
        TRUST_PROXY: '1',
        PUBLIC_URL: 'https://solescore.example',
      }),
    ).toEqual([expect.stringContaining('ADMIN_LOGIN_PATH is required in production')]);
  });

  it.each([
    ['rtm-login', "must start with '/'"],
    ['/', "must name a path below '/'"],
    ['//door', "must name a path below '/'"],
    ['/door/../api', 'may only contain letters, numbers'],
    ['/door?x=1', 'may only contain letters, numbers'],
    ['/api', 'may not be under /api'],
    ['/api/rtm-sys/login', 'may not be under /api'],
    ['/uploads/door', 'may not be under /uploads'],
    ['/rtm-sys', 'may not be under /rtm-sys'],
    ['/RTM-SYS/door', 'may not be under /RTM-SYS'],
    ['/login', 'may not be under /login'],
  ])('refuses ADMIN_LOGIN_PATH=%p', (path, problem) => {
    expect(problemsOf({ ADMIN_LOGIN_PATH: path })).toEqual([
      expect.stringContaining(`ADMIN_LOGIN_PATH ${problem}`),
    ]);
  });
});
