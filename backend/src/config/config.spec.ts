import { join } from 'node:path';
import { loadConfig } from './config';
import { problemsOf } from './testing/config-problems';

describe('configuration', () => {
  it('runs on the embedded default with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      role: 'all',
      port: 3000,
      eventStoreUrl: null,
      eventStreamPrefix: null,
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

  it('waits 72 hours before an account’s reports count towards an auto-hide, unless configured', () => {
    expect(loadConfig({}).reportMinAccountAgeHours).toBe(72);
    expect(loadConfig({ REPORT_MIN_ACCOUNT_AGE_HOURS: '0' }).reportMinAccountAgeHours).toBe(0);
    for (const bad of ['-1', '1.5', 'three days', String(24 * 365 + 1)]) {
      expect(problemsOf({ REPORT_MIN_ACCOUNT_AGE_HOURS: bad })).toEqual([
        expect.stringContaining(
          'REPORT_MIN_ACCOUNT_AGE_HOURS must be a whole number from 0 to 8760',
        ),
      ]);
    }
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

  it('counts an IPv6 client by a /56 unless told another prefix from /32 to /64', () => {
    expect(loadConfig({}).ipv6ClientPrefix).toBe(56);
    expect(loadConfig({ IPV6_CLIENT_PREFIX: '48' }).ipv6ClientPrefix).toBe(48);
    expect(problemsOf({ IPV6_CLIENT_PREFIX: '65' })).toEqual([
      'IPV6_CLIENT_PREFIX must be a whole number from 32 to 64 (got "65")',
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

  it('hides the admin sign-in at /rtm-login outside production, and at a chosen path', () => {
    expect(loadConfig({}).adminLoginPath).toBe('/rtm-login');
    expect(loadConfig({ NODE_ENV: 'test' }).adminLoginPath).toBe('/rtm-login');
    expect(loadConfig({ ADMIN_LOGIN_PATH: '/staff/door-7~x/' }).adminLoginPath).toBe(
      '/staff/door-7~x',
    );
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
