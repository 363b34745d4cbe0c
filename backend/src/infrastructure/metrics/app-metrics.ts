import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type {
  CheckoutOutcome,
  MailOutcome,
  Metrics,
  RaterCallOutcome,
  WebhookOutcome,
} from '../../application/ports/metrics.port';

/** Seconds: from a fast read answered from memory to an upload rated by a slow provider. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: an embedded append takes well under a millisecond, a server round trip a few. */
const APPEND_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
/**
 * Store calls per request: the goals are 2 to 6 (backend/src/bench/README.md, "Store round
 * trips").
 */
const ROUND_TRIP_BUCKETS = [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32];

export type AppendOutcome = 'ok' | 'conflict' | 'error';

/** The online rebuild of the read models, as the metrics show it. */
export interface RebuildGauges {
  state: 'idle' | 'running' | 'failed';
  replayed: number;
  head: bigint | null;
  etaSeconds: number | null;
}

const REBUILD_STATES = ['idle', 'running', 'failed'] as const;

/** How far one subscriber (the projections, a reactor) is behind the log's head. */
export interface SubscriberLag {
  subscriber: string;
  events: number;
}

/**
 * Every metric of one app instance, in a registry of its own (tests run many apps in one
 * process, so nothing goes into prom-client's global registry). Counters are created with their
 * known label values at zero, so `rate()` and the dashboard see every series from the first
 * scrape. Values that only the moment of the scrape knows (the lag of the subscriptions, the
 * rater's budget) are read then, through the `watch…` callbacks.
 */
export class AppMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly httpRoundTrips: Histogram<'method' | 'route'>;
  private readonly eventsAppended: Counter<'category'>;
  private readonly appendDuration: Histogram<'category' | 'outcome'>;
  private readonly raterCalls: Counter<'outcome'>;
  private readonly checkouts: Counter<'outcome'>;
  private readonly webhooks: Counter<'outcome'>;
  private readonly mails: Counter<'outcome'>;
  private lagSources: (() => Promise<readonly SubscriberLag[]>)[] = [];
  private raterBudget: (() => Promise<number>) | null = null;
  private rebuild: (() => RebuildGauges) | null = null;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status, and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.httpRoundTrips = new Histogram({
      name: 'solescore_http_request_store_round_trips',
      help: 'Calls to the stores (event store, read store, key store) per HTTP request, by route',
      labelNames: ['method', 'route'],
      buckets: ROUND_TRIP_BUCKETS,
      registers,
    });
    this.eventsAppended = new Counter({
      name: 'solescore_events_appended_total',
      help: 'Events appended to the log, by stream category (the stream name before its first -)',
      labelNames: ['category'],
      registers,
    });
    this.appendDuration = new Histogram({
      name: 'solescore_event_append_duration_seconds',
      help: 'Appends to the event store (one call, one or more events), by category and outcome',
      labelNames: ['category', 'outcome'],
      buckets: APPEND_BUCKETS,
      registers,
    });
    this.raterCalls = zeroed(
      new Counter({
        name: 'solescore_rater_calls_total',
        help: 'Calls to the AI photo rater by outcome (over_budget: refused by the hourly budget)',
        labelNames: ['outcome'],
        registers,
      }),
      ['rated', 'failed', 'over_budget'] satisfies RaterCallOutcome[],
    );
    this.checkouts = zeroed(
      new Counter({
        name: 'solescore_checkout_sessions_total',
        help: 'Checkout sessions asked of the payment provider, by outcome',
        labelNames: ['outcome'],
        registers,
      }),
      ['created', 'failed'] satisfies CheckoutOutcome[],
    );
    this.webhooks = zeroed(
      new Counter({
        name: 'solescore_payment_webhooks_total',
        help: 'Payment webhook deliveries by outcome',
        labelNames: ['outcome'],
        registers,
      }),
      ['invalid_signature', 'recorded', 'ignored', 'failed'] satisfies WebhookOutcome[],
    );
    this.mails = zeroed(
      new Counter({
        name: 'solescore_mails_total',
        help: 'Mails handed to the mail adapter, by outcome',
        labelNames: ['outcome'],
        registers,
      }),
      ['sent', 'failed'] satisfies MailOutcome[],
    );
    const lagSources = () => this.lagSources;
    new Gauge({
      name: 'solescore_subscription_lag_events',
      help: 'Events in the log not yet handled by each subscriber (the projections, each reactor) of the process that runs them',
      labelNames: ['subscriber'],
      registers,
      async collect() {
        this.reset();
        const lags = await Promise.all(lagSources().map((read) => read()));
        for (const lag of lags.flat()) this.set({ subscriber: lag.subscriber }, lag.events);
      },
    });
    const rebuild = () => this.rebuild?.() ?? null;
    new Gauge({
      name: 'solescore_projections_rebuild_state',
      help: 'The online rebuild of the read models: 1 for its state (idle, running, failed), 0 for the others',
      labelNames: ['state'],
      registers,
      collect() {
        const state = rebuild()?.state ?? 'idle';
        for (const each of REBUILD_STATES) this.set({ state: each }, each === state ? 1 : 0);
      },
    });
    new Gauge({
      name: 'solescore_projections_rebuild_events_replayed',
      help: 'Events replayed into the new read models by the online rebuild running (0 when idle)',
      registers,
      collect() {
        this.set(rebuild()?.replayed ?? 0);
      },
    });
    new Gauge({
      name: 'solescore_projections_rebuild_log_head',
      help: 'Position of the log head the online rebuild is heading for (0 when idle)',
      registers,
      collect() {
        this.set(Number(rebuild()?.head ?? 0n));
      },
    });
    new Gauge({
      name: 'solescore_projections_rebuild_eta_seconds',
      help: 'Seconds the online rebuild has left at its rate so far (-1 when not known or idle)',
      registers,
      collect() {
        this.set(rebuild()?.etaSeconds ?? -1);
      },
    });
    const raterBudget = () => this.raterBudget;
    new Gauge({
      name: 'solescore_rater_budget_remaining',
      help: 'AI rater calls left in the current hour of the service-wide budget',
      registers,
      async collect() {
        const read = raterBudget();
        if (read) this.set(await read());
      },
    });
  }

  /** The online rebuild's state and progress, read at each scrape. */
  watchRebuild(read: () => RebuildGauges): void {
    this.rebuild = read;
  }

  /** One answered HTTP request; `route` is a template or a fixed label, never the raw address. */
  requestServed(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /** The store round trips of one request answered by a route (see round-trips/). */
  requestRoundTrips(method: string, route: string, roundTrips: number): void {
    this.httpRoundTrips.observe({ method, route }, roundTrips);
  }

  eventsAppendedTo(category: string, count: number): void {
    this.eventsAppended.inc({ category }, count);
  }

  appendTook(category: string, outcome: AppendOutcome, seconds: number): void {
    this.appendDuration.observe({ category, outcome }, seconds);
  }

  /** A source of subscriber lags, read at each scrape (an empty list when it runs nothing). */
  watchLag(read: () => Promise<readonly SubscriberLag[]>): void {
    this.lagSources.push(read);
  }

  raterCalled(outcome: RaterCallOutcome): void {
    this.raterCalls.inc({ outcome });
  }

  watchRaterBudget(remaining: () => Promise<number>): void {
    this.raterBudget = remaining;
  }

  checkoutOpened(outcome: CheckoutOutcome): void {
    this.checkouts.inc({ outcome });
  }

  webhookReceived(outcome: WebhookOutcome): void {
    this.webhooks.inc({ outcome });
  }

  mailSent(outcome: MailOutcome): void {
    this.mails.inc({ outcome });
  }

  /** The Prometheus text exposition of every metric. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

function zeroed<T extends string>(counter: Counter<T>, outcomes: readonly string[]): Counter<T> {
  for (const outcome of outcomes) counter.inc({ outcome } as Partial<Record<T, string>>, 0);
  return counter;
}
