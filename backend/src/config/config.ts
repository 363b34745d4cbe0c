import { resolve } from 'node:path';
import { adminLoginPathProblem, trustProxy } from './config-values';
import { erasureLedgerPath } from './erasure-ledger-config';
import { metricsToken } from './metrics-config';
import { logsConfig } from './logs-config';
import { shutdownConfig } from './shutdown-config';
import type { AppConfig } from './app-config';

export type { AppConfig, RepeatableWrite } from './app-config';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const DEFAULT_PASSWORD_HASH_MEMORY_KIB = 19456;
const ADMIN_USERNAME = /^[A-Za-z0-9_.-]{3,30}$/;
const ADMIN_PASSWORD_MIN = 12;
/** Outside production only; a production start must choose its own. */
export const DEFAULT_ADMIN_LOGIN_PATH = '/rtm-login';
/** The variables that each let a production start use one dev-only adapter. */
const ALLOW_VARIABLES = {
  embeddedStore: 'ALLOW_EMBEDDED_STORE',
  offlineRater: 'ALLOW_OFFLINE_RATER',
  mailOutbox: 'ALLOW_MAIL_OUTBOX',
  localCheckout: 'ALLOW_LOCAL_CHECKOUT',
} as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = read(name) ?? fallback;
    if (!allowed.includes(value as T)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
      return fallback;
    }
    return value as T;
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };

  const url = (name: string, protocols: readonly string[]): string | null => {
    const raw = read(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
        return null;
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL (got "${raw}")`);
      return null;
    }
  };

  const bool = (name: string): boolean => {
    const raw = read(name);
    if (raw === undefined) return false;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return false;
  };

  const nodeEnv = oneOf('NODE_ENV', ['development', 'test', 'production'], 'development');
  const port = integer('PORT', 3000, 0, 65535);
  const openAiKey = read('OPENAI_API_KEY');
  const mongoUrl = url('MONGODB_URL', ['mongodb:', 'mongodb+srv:']);
  const role = oneOf('ROLE', ['all', 'api', 'worker'], 'all');
  const dataDir = resolve(read('DATA_DIR') ?? 'data');
  const publicUrl = (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );

  const config: AppConfig = {
    env: nodeEnv,
    role,
    // Outside production the app (and its dev mail outbox) listens on this machine only.
    host: read('HOST') ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port,
    publicUrl,
    dataDir,
    frontendDir: resolve(read('FRONTEND_DIR') ?? resolve(__dirname, '../../../frontend/dist')),
    trustProxy: trustProxy(read('TRUST_PROXY'), problems),
    ipv6ClientPrefix: integer('IPV6_CLIENT_PREFIX', 56, 32, 64),
    eventStoreUrl: url('EVENTSTORE_URL', ['esdb:', 'esdb+discover:', 'kurrentdb:']),
    eventStreamPrefix: streamPrefix(read('EVENTSTORE_STREAM_PREFIX'), problems),
    mongoUrl,
    openAi: openAiKey
      ? {
          apiKey: openAiKey,
          model: read('OPENAI_MODEL') ?? 'gpt-4o-mini',
          baseUrl: url('OPENAI_BASE_URL', ['http:', 'https:']),
          timeoutMs: integer('OPENAI_TIMEOUT_MS', 30_000, 1000, 120_000),
        }
      : null,
    contentGate: {
      kind: oneOf('CONTENT_GATE', ['offline', 'openai'], openAiKey ? 'openai' : 'offline'),
      queueLength: integer('CONTENT_GATE_QUEUE', 8, 1, 1000),
      timeoutMs: integer('CONTENT_GATE_TIMEOUT_MS', 30_000, 1000, 300_000),
    },
    uploadLimitPerHour: integer('UPLOAD_LIMIT_PER_HOUR', 30, 1, 100_000),
    shareCardLimitPerMinute: integer('SHARE_CARD_LIMIT_PER_MINUTE', 20, 1, 100_000),
    exportLimitPerHour: integer('EXPORT_LIMIT_PER_HOUR', 5, 1, 100_000),
    registrationLimitPerHour: integer('REGISTRATION_LIMIT_PER_HOUR', 20, 1, 100_000),
    clusterAccountsPerDay: integer('CLUSTER_ACCOUNTS_PER_DAY', 3, 1, 100_000),
    voteWaitHours: integer('VOTE_WAIT_HOURS', 24, 0, 24 * 30),
    notificationSweepSeconds: integer('NOTIFICATION_SWEEP_SECONDS', 30, 0, 60),
    writeLimits: {
      comments: {
        perMinute: integer('COMMENT_LIMIT_PER_MINUTE', 6, 1, 100_000),
        perHour: integer('COMMENT_LIMIT_PER_HOUR', 60, 1, 1_000_000),
      },
      likes: {
        perMinute: integer('LIKE_LIMIT_PER_MINUTE', 60, 1, 100_000),
        perHour: integer('LIKE_LIMIT_PER_HOUR', 600, 1, 1_000_000),
      },
      ratings: {
        perMinute: integer('RATING_LIMIT_PER_MINUTE', 20, 1, 100_000),
        perHour: integer('RATING_LIMIT_PER_HOUR', 300, 1, 1_000_000),
      },
      reports: {
        perMinute: integer('REPORT_LIMIT_PER_MINUTE', 5, 1, 100_000),
        perHour: integer('REPORT_LIMIT_PER_HOUR', 30, 1, 1_000_000),
      },
      // Fixed: a person edits a profile or applies a boost a few times, and a return page asks
      // once per payment; these need no tuning.
      profile: { perMinute: 10, perHour: 60 },
      boostApply: { perMinute: 10, perHour: 60 },
      checkoutConfirm: { perMinute: 20, perHour: 120 },
    },
    addressLimitFactor: integer('ADDRESS_LIMIT_FACTOR', 5, 1, 1000),
    appSecret: read('APP_SECRET') ?? null,
    erasureLedger: erasureLedgerPath(read('ERASURE_LEDGER'), { nodeEnv, dataDir }, problems),
    allowInProduction: {
      embeddedStore: bool('ALLOW_EMBEDDED_STORE'),
      offlineRater: bool('ALLOW_OFFLINE_RATER'),
      mailOutbox: bool('ALLOW_MAIL_OUTBOX'),
      localCheckout: bool('ALLOW_LOCAL_CHECKOUT'),
    },
    testClock: bool('TEST_CLOCK'),
    admin: null,
    adminLoginPath: DEFAULT_ADMIN_LOGIN_PATH,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read('MAIL_FROM') ?? `SoleScore <no-reply@${new URL(publicUrl).hostname}>`,
    passwordHashMemoryKib: integer(
      'PASSWORD_HASH_MEMORY_KIB',
      DEFAULT_PASSWORD_HASH_MEMORY_KIB,
      8,
      4_194_304,
    ),
    loginLimitPerAccount: integer('LOGIN_LIMIT_PER_ACCOUNT', 10, 1, 100_000),
    loginLimitPerIp: integer('LOGIN_LIMIT_PER_IP', 50, 1, 1_000_000),
    raterCallsPerHour: integer('RATER_CALLS_PER_HOUR', 1000, 1, 10_000_000),
    reportAutoHide: integer('REPORT_AUTO_HIDE', 3, 1, 1000),
    reportMinAccountAgeHours: integer('REPORT_MIN_ACCOUNT_AGE_HOURS', 72, 0, 24 * 365),
    strikes: {
      limit: integer('STRIKE_LIMIT', 3, 1, 1000),
      windowDays: integer('STRIKE_WINDOW_DAYS', 30, 1, 3650),
      suspensionDays: integer('STRIKE_SUSPENSION_DAYS', 7, 1, 3650),
    },
    postsRequireApproval: bool('POSTS_REQUIRE_APPROVAL'),
    stripe: null,
    metricsToken: metricsToken(read('METRICS_TOKEN'), problems),
    logs: logsConfig(read, nodeEnv, problems),
    shutdown: shutdownConfig(integer),
  };

  if (config.contentGate.kind === 'openai' && !openAiKey) {
    problems.push('CONTENT_GATE=openai needs OPENAI_API_KEY (or CONTENT_GATE=offline)');
  }
  if (config.testClock && nodeEnv !== 'test') {
    problems.push(
      'TEST_CLOCK=true is only allowed with NODE_ENV=test: it lets a request move time',
    );
  }

  const stripeKey = read('STRIPE_SECRET_KEY');
  const stripeWebhookSecret = read('STRIPE_WEBHOOK_SECRET');
  const stripeApiUrl = url('STRIPE_API_URL', ['http:', 'https:']);
  if (stripeKey) {
    if (!stripeWebhookSecret) {
      problems.push(
        'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: the whsec_… signing secret of the webhook endpoint (or of `stripe listen`)',
      );
    } else {
      config.stripe = {
        secretKey: stripeKey,
        webhookSecret: stripeWebhookSecret,
        apiUrl: stripeApiUrl,
      };
    }
  } else if (stripeWebhookSecret || stripeApiUrl) {
    problems.push('STRIPE_WEBHOOK_SECRET and STRIPE_API_URL need STRIPE_SECRET_KEY');
  }

  const adminUsername = read('ADMIN_USERNAME');
  const adminPassword = env.ADMIN_PASSWORD; // not trimmed: spaces may be part of a password
  if (adminUsername !== undefined || adminPassword) {
    if (adminUsername === undefined || !adminPassword) {
      problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
    } else if (!ADMIN_USERNAME.test(adminUsername)) {
      problems.push(
        'ADMIN_USERNAME must be 3 to 30 letters, numbers, underscores, dots or hyphens',
      );
    } else if (adminPassword.length < ADMIN_PASSWORD_MIN || adminPassword.length > 256) {
      problems.push(`ADMIN_PASSWORD must be ${ADMIN_PASSWORD_MIN} to 256 characters`);
    } else {
      config.admin = { username: adminUsername, password: adminPassword };
    }
  }
  const adminLoginPath = read('ADMIN_LOGIN_PATH');
  if (adminLoginPath === undefined) {
    if (nodeEnv === 'production') {
      problems.push(
        'ADMIN_LOGIN_PATH is required in production: the hidden path of the admin sign-in page, e.g. /a-long-unguessable-name',
      );
    }
  } else {
    const problem = adminLoginPathProblem(adminLoginPath);
    if (problem) problems.push(`ADMIN_LOGIN_PATH ${problem} (got "${adminLoginPath}")`);
    else config.adminLoginPath = adminLoginPath.replace(/\/+$/, '');
  }
  if (!/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(config.mailFrom)) {
    problems.push(
      `MAIL_FROM must be an address, optionally with a name: "SoleScore <no-reply@example.com>" (got "${config.mailFrom}")`,
    );
  }

  if (config.appSecret !== null && config.appSecret.length < 32) {
    problems.push('APP_SECRET must be at least 32 characters');
  }
  if (role !== 'all' && !mongoUrl) {
    problems.push(
      `ROLE=${role} needs MONGODB_URL: the embedded read store lives inside one process, so api and worker cannot be split without MongoDB`,
    );
  }
  if (nodeEnv === 'production') {
    if (!config.appSecret) problems.push('APP_SECRET is required in production');
    if (read('TRUST_PROXY') === undefined) {
      problems.push(
        'TRUST_PROXY is required in production: the number of proxies in front of the app (1 with the compose stack), their addresses, or false when clients connect directly. Behind a proxy without it every visitor shares one address and one limit',
      );
    }
    if (config.passwordHashMemoryKib < DEFAULT_PASSWORD_HASH_MEMORY_KIB) {
      problems.push(
        `PASSWORD_HASH_MEMORY_KIB below ${DEFAULT_PASSWORD_HASH_MEMORY_KIB} is for tests only, not production`,
      );
    }
    if (!publicUrl.startsWith('https://')) {
      problems.push(
        `PUBLIC_URL must be the https:// address visitors use in production, e.g. https://solescore.app (got "${publicUrl}"): session cookies are Secure and mailed links right only with it`,
      );
    }
    if (read('ALLOW_DEV_ADAPTERS') !== undefined) {
      // Refused rather than mapped: it used to accept the free checkout and the outbox along
      // with the stores, and which of them a deployment really meant is its operator's call.
      problems.push(
        `ALLOW_DEV_ADAPTERS is no longer accepted: allow each dev-only adapter on its own with ${Object.values(
          ALLOW_VARIABLES,
        ).join(', ')}`,
      );
    }
    const allowed = config.allowInProduction;
    const devOnly = [
      !allowed.embeddedStore &&
        !config.eventStoreUrl &&
        'the embedded event store (set EVENTSTORE_URL, or ALLOW_EMBEDDED_STORE=true)',
      !allowed.embeddedStore &&
        !config.mongoUrl &&
        'the embedded read store (set MONGODB_URL, or ALLOW_EMBEDDED_STORE=true)',
      !allowed.offlineRater &&
        !config.openAi &&
        'the offline rater, which verifies no foot (set OPENAI_API_KEY, or ALLOW_OFFLINE_RATER=true with CONTENT_GATE=offline and POSTS_REQUIRE_APPROVAL=true)',
      !allowed.mailOutbox &&
        !config.smtpUrl &&
        'the mail outbox, which delivers no mail (set SMTP_URL, or ALLOW_MAIL_OUTBOX=true)',
      !allowed.localCheckout &&
        !stripeKey &&
        'the local test checkout, which takes no money (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_LOCAL_CHECKOUT=true)',
    ].filter(Boolean);
    if (allowed.offlineRater && !config.openAi) {
      // Nothing offline tells a foot from a shoe or a cat: an admin looks at every post.
      if (config.contentGate.kind !== 'offline' || !config.postsRequireApproval) {
        problems.push(
          'ALLOW_OFFLINE_RATER=true needs CONTENT_GATE=offline and POSTS_REQUIRE_APPROVAL=true in production: nothing offline verifies a foot, so every post waits for an admin',
        );
      }
    }
    if (devOnly.length > 0) {
      problems.push(
        `a production start would use dev-only adapters: ${devOnly.join('; ')}. ` +
          'Configure them, or allow each one knowingly',
      );
    }
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** A stream prefix: letters, digits, `_` and `-`, so that it cannot look like a system stream. */
function streamPrefix(value: string | undefined, problems: string[]): string | null {
  if (value === undefined) return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(value)) {
    problems.push(
      `EVENTSTORE_STREAM_PREFIX must be 1-64 letters, digits, _ or -, starting with a letter or digit (got "${value}")`,
    );
    return null;
  }
  return value;
}
