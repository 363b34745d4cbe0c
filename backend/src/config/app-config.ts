import type { LogsConfig } from './logs-config';
import type { ShutdownConfig } from './shutdown-config';

/**
 * Configuration comes from the environment, is validated once at start, and a bad value
 * stops the boot with a message that names the variable. Nothing else reads process.env.
 */
export interface AppConfig {
  env: 'development' | 'test' | 'production';
  role: 'all' | 'api' | 'worker';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  frontendDir: string;
  /** Express `trust proxy`: false, a number of proxy hops, or the proxies' addresses/subnets. */
  trustProxy: false | number | string[];
  /**
   * How many leading bits of an IPv6 address make one client for the per-address limits and the
   * vote rules (`IPV6_CLIENT_PREFIX`, 32-64, default 56): a home connection gets a /56 or a /48,
   * so counting its /64s apart would make one subscriber hundreds of clients.
   */
  ipv6ClientPrefix: number;
  eventStoreUrl: string | null;
  /**
   * This app's streams under a prefix (`EVENTSTORE_STREAM_PREFIX`): several apps, or test runs,
   * sharing one EventStoreDB each read only their own log. Null: the log is the app's alone.
   */
  eventStreamPrefix: string | null;
  mongoUrl: string | null;
  openAi: { apiKey: string; model: string; baseUrl: string | null; timeoutMs: number } | null;
  /**
   * The content gate every image passes before it is stored or rated: the offline models in a
   * worker thread, or OpenAI's moderation endpoint (needs OPENAI_API_KEY). `queueLength`
   * images wait at most (more are refused as busy); one waits `timeoutMs` at most.
   */
  contentGate: { kind: 'offline' | 'openai'; queueLength: number; timeoutMs: number };
  uploadLimitPerHour: number;
  /** Share cards drawn per address per minute (a card already drawn is served free). */
  shareCardLimitPerMinute: number;
  /** Downloads of the account's data (`GET /api/user/export`) per account per clock hour. */
  exportLimitPerHour: number;
  /** AI rater calls per clock hour for the whole service: past it, ratings answer 503. */
  raterCallsPerHour: number;
  /**
   * Distinct accounts in good standing with a pending report on a post that hide it until an
   * admin reviews one.
   */
  reportAutoHide: number;
  /** Hours an account must exist before its reports count towards hiding a post. */
  reportMinAccountAgeHours: number;
  /** So many strikes within `windowDays` suspend posting, commenting and rating for `suspensionDays`. */
  strikes: { limit: number; windowDays: number; suspensionDays: number };
  /** Every new post is held for an admin's approval (`POSTS_REQUIRE_APPROVAL`). */
  postsRequireApproval: boolean;
  registrationLimitPerHour: number;
  /** More sign-ups than this from one network within a day are held as a cluster. */
  clusterAccountsPerDay: number;
  /** Hours an account waits before its ratings count (0: at once). */
  voteWaitHours: number;
  /** How often the worker mails the notification digests that are due (0: never by itself). */
  notificationSweepSeconds: number;
  /**
   * Writes a member can repeat, each allowed so many times per account per minute and per clock
   * hour; one address (shared by everyone behind it) gets `addressLimitFactor` times as many.
   */
  writeLimits: Record<RepeatableWrite, { perMinute: number; perHour: number }>;
  addressLimitFactor: number;
  appSecret: string | null;
  /** The erasure ledger, a file outside `DATA_DIR` (see `erasure-ledger-config.ts`). */
  erasureLedger: string;
  /**
   * Dev-only adapters a production start was explicitly allowed to use, each on its own, so
   * that accepting the embedded store never also accepts a checkout that takes no money.
   */
  allowInProduction: {
    embeddedStore: boolean;
    offlineRater: boolean;
    mailOutbox: boolean;
    localCheckout: boolean;
  };
  /** NODE_ENV=test only: the app's clock can be moved on through POST /api/dev/clock. */
  testClock: boolean;
  /** The configured admin: created, or restored with this password, at start when no admin is active. */
  admin: { username: string; password: string } | null;
  /**
   * The hidden path of the admin sign-in page (spec §2 "{secret}"). Only the server knows it:
   * it marks the page it serves there, and `GET /api/rtm-sys/entry` redirects to it.
   */
  adminLoginPath: string;
  /** SMTP connection URL; null keeps mail in the app's outbox (dev only). */
  smtpUrl: string | null;
  mailFrom: string;
  /** argon2id memory cost in KiB (OWASP: 19456 with 2 passes and 1 lane). */
  passwordHashMemoryKib: number;
  /** Failed sign-ins allowed per account and per client address in 15 minutes. */
  loginLimitPerAccount: number;
  loginLimitPerIp: number;
  /** Stripe Checkout; null serves the local test checkout instead (dev only). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
  /** Bearer token of `GET /metrics`; null: no metrics route (see `metrics-config.ts`). */
  metricsToken: string | null;
  /** `LOG_LEVEL`, `LOG_FORMAT` (see logs-config.ts). */
  logs: LogsConfig;
  shutdown: ShutdownConfig;
}

/** The writes a member can repeat, each limited on its own (see `writeLimits`). */
export type RepeatableWrite =
  'comments' | 'likes' | 'ratings' | 'reports' | 'profile' | 'boostApply' | 'checkoutConfirm';
