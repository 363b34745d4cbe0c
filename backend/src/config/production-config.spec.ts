import { loadConfig } from './config';
import {
  allDevAdaptersAllowed,
  problemsOf,
  productionBasics,
  without,
} from './testing/config-problems';

describe('configuration of a production start', () => {
  it('refuses a production start on dev-only adapters and says which', () => {
    const problems = problemsOf({
      ...productionBasics,
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
      ...productionBasics,
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
    const withoutStripeOrSmtp = without(
      production,
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
    );
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
    expect(
      problemsOf({ ...without(production, 'OPENAI_API_KEY'), ALLOW_EMBEDDED_STORE: 'true' }),
    ).toEqual([expect.stringMatching(/offline rater.*ALLOW_OFFLINE_RATER/)]);
  });

  it('accepts the offline rater in production only with the offline gate and every post held for an admin', () => {
    const production = {
      ...productionBasics,
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
      ...productionBasics,
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
      ...without(productionBasics, 'PUBLIC_URL'),
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

  it('lets a production start use dev adapters when explicitly allowed', () => {
    const config = loadConfig({
      ...productionBasics,
      ...allDevAdaptersAllowed,
      TRUST_PROXY: 'false',
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
      problemsOf({ ...without(productionBasics, 'APP_SECRET'), ...allDevAdaptersAllowed }),
    ).toEqual(['APP_SECRET is required in production']);
    expect(problemsOf({ APP_SECRET: 'short' })).toEqual([
      'APP_SECRET must be at least 32 characters',
    ]);
  });

  it('requires TRUST_PROXY in production, where a proxy decides who the client is', () => {
    const production = { ...without(productionBasics, 'TRUST_PROXY'), ...allDevAdaptersAllowed };
    const [problem] = problemsOf(production);
    expect(problem).toMatch(/^TRUST_PROXY is required in production/);
    expect(problemsOf({ ...production, TRUST_PROXY: 'false' })).toEqual([]);
    expect(problemsOf({ ...production, TRUST_PROXY: '1' })).toEqual([]);
  });

  it('refuses a test-sized password hash cost in production, and names the mail outbox as dev-only', () => {
    const base = {
      ...productionBasics,
    };
    expect(
      problemsOf({ ...base, ...allDevAdaptersAllowed, PASSWORD_HASH_MEMORY_KIB: '64' }),
    ).toEqual(['PASSWORD_HASH_MEMORY_KIB below 19456 is for tests only, not production']);
    expect(problemsOf(base)[0]).toContain(
      'the mail outbox, which delivers no mail (set SMTP_URL, or ALLOW_MAIL_OUTBOX=true)',
    );
  });

  it('requires ADMIN_LOGIN_PATH in production', () => {
    expect(
      problemsOf({ ...without(productionBasics, 'ADMIN_LOGIN_PATH'), ...allDevAdaptersAllowed }),
    ).toEqual([expect.stringContaining('ADMIN_LOGIN_PATH is required in production')]);
  });
});
