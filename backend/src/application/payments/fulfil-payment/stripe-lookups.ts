import { Inject, Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import {
  checkoutDecider,
  checkoutStreamId,
  confirmationOf,
} from '../../../domain/payment/checkout.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import type { CommandMetadata } from '../../../domain/shared/event';
import { PAYMENTS, type PaymentGateway } from '../../ports/payments.port';
import { READ_STORE, type ReadDocument, type ReadStore } from '../../ports/read-store.port';
import { LeasedSweep } from '../../shared/leased-sweep';
import { StreamWrites } from '../../shared/stream-writes';
import { type KnownCheckout, knownCheckout, paidConfirmation } from '../checkout-offer';

/**
 * The purchases whose session the provider has to be asked about, one document per session,
 * written only by the fulfilment reactor (with its checkpoint): queued when it meets a
 * completion that nothing recorded has answered, removed when the answer is in the log.
 */
export const PAYMENT_LOOKUPS = 'payment-lookups';

export interface PaymentLookupDocument extends ReadDocument {
  /** The Checkout Session id. */
  _id: string;
  /** The Stripe events about it that wait for the answer (none: a return page's old report). */
  stripeEventIds: string[];
  /** When the first of them was recorded (ISO 8601): the oldest are asked first. */
  since: string;
}

/** The pause after a purchase's first failed question; doubled after each failure. */
export const LOOKUP_RETRY_FIRST_MS = 1000;
/** The longest pause between two questions about one purchase. */
export const LOOKUP_RETRY_MAX_MS = 10 * 60 * 1000;
/** Questions under way at once, so that a few hanging ones leave room for the others. */
const MAX_IN_FLIGHT = 8;
/** Queued purchases read per sweep (oldest first). */
const PAGE = 100;
/** How long a stop waits for the questions under way. */
const STOP_WAIT_MS = 5000;

/** How long to wait before asking again about a purchase after `failures` failed questions. */
export function lookupRetryDelayMs(failures: number): number {
  return Math.min(LOOKUP_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), LOOKUP_RETRY_MAX_MS);
}

/**
 * The payments worker: asks the provider about each queued purchase, off the log's subscription,
 * and records the answer on the session's stream for the fulfilment reactor. Each purchase has its
 * own backoff (1 s, doubling, at most 10 min), so a failing provider delays only the purchases that
 * need it. An answer already recorded (the return page asked) is not asked again. The backoff is in
 * memory: after a restart every queued purchase is asked at once.
 */
@Injectable()
export class StripeLookups extends LeasedSweep<number> {
  private readonly failures = new Map<string, { count: number; dueAt: number }>();
  private readonly inFlight = new Map<string, Promise<bigint | null>>();
  private timer: NodeJS.Timeout | null = null;
  private deferred = false;
  /** The sweep the last wake-up started: the questions it started are in `inFlight` after it. */
  private woken: Promise<void> = Promise.resolve();

  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
  ) {
    super('StripeLookups');
  }

  @Cron(CronExpression.EVERY_MINUTE, { name: 'stripe-lookups' })
  everyMinute(): Promise<void> {
    return this.onSchedule();
  }

  override async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await super.stop();
    // Questions under way may finish (each records at most one answer, idempotently), but a
    // hanging provider does not hold the shutdown past a few seconds.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight.values()]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    this.failures.clear();
  }

  /** Asks about what is queued and due now (the reactor has just queued a purchase). */
  wake(): void {
    this.woken = this.onSchedule();
  }

  /**
   * The webhook's read-your-writes in the process that runs this worker: waits (bounded) for the
   * question about the session under way or due now, and answers the position of the answer it
   * recorded; null when there is none here (asked in another process, or backing off). It only
   * waits, so the store calls stay the worker's, not the request's.
   */
  async answered(sessionId: string, timeoutMs = 3000): Promise<bigint | null> {
    await this.woken;
    const attempt = this.inFlight.get(sessionId);
    if (!attempt) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      return await Promise.race([attempt, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  protected async sweepOnce(): Promise<number> {
    const queued = await this.readStore.find<PaymentLookupDocument>(
      PAYMENT_LOOKUPS,
      {},
      { sort: { since: 1 }, limit: PAGE },
    );
    if (queued.length < PAGE) {
      // Answered meanwhile: their backoff goes with them.
      const ids = new Set(queued.map((lookup) => lookup._id));
      for (const id of this.failures.keys()) if (!ids.has(id)) this.failures.delete(id);
    }
    const now = Date.now();
    let started = 0;
    for (const lookup of queued) {
      if (this.stopping) break;
      if (this.inFlight.has(lookup._id)) continue;
      if ((this.failures.get(lookup._id)?.dueAt ?? 0) > now) continue;
      if (this.inFlight.size >= MAX_IN_FLIGHT) {
        this.deferred = true;
        break;
      }
      const attempt = this.lookUp(lookup).finally(() => {
        this.inFlight.delete(lookup._id);
        if (this.deferred) {
          this.deferred = false;
          this.wake();
        } else {
          this.scheduleNext();
        }
      });
      this.inFlight.set(lookup._id, attempt);
      started += 1;
    }
    this.scheduleNext();
    return started;
  }

  /** One question about one purchase; answers the position of the answer recorded, if any. */
  private async lookUp(lookup: PaymentLookupDocument): Promise<bigint | null> {
    const sessionId = lookup._id;
    const streamId = checkoutStreamId(sessionId);
    try {
      const recorded = await this.writes.load(checkoutDecider, streamId);
      // Answered meanwhile (the return page asked): the reactor takes it from there.
      if (confirmationOf(recorded.state)) {
        this.failures.delete(sessionId);
        return null;
      }
      let known: KnownCheckout | null = null;
      try {
        known = await knownCheckout(this.gateway, this.writes, sessionId, recorded);
      } catch (error) {
        // A session the provider does not know, or another app's: nothing of ours to fulfil.
        if (!(error instanceof NotFoundError)) throw error;
      }
      const metadata = this.metadata(sessionId, lookup.stripeEventIds[0] ?? sessionId);
      const decided =
        known?.session.paymentStatus === 'paid'
          ? await this.writes.decide(
              streamId,
              checkoutDecider,
              { type: 'ConfirmCheckoutPayment', data: paidConfirmation(known) },
              metadata,
            )
          : await this.writes.decide(
              streamId,
              checkoutDecider,
              {
                type: 'RecordCheckoutUnpaid',
                data: {
                  sessionId,
                  answer: !known
                    ? 'unknown'
                    : known.session.status === 'expired'
                      ? 'expired'
                      : 'open',
                  stripeEventIds: lookup.stripeEventIds,
                },
              },
              metadata,
            );
      this.failures.delete(sessionId);
      return decided.position;
    } catch (error) {
      const count = (this.failures.get(sessionId)?.count ?? 0) + 1;
      const delayMs = lookupRetryDelayMs(count);
      this.failures.set(sessionId, { count, dueAt: Date.now() + delayMs });
      this.logger.warn(
        `Asking the payment provider about checkout ${sessionId} failed (${count} in a row; next in ${delayMs} ms): ${(error as Error).message}`,
      );
      return null;
    }
  }

  /** A timer for the next purchase whose backoff ends (none while stopping). */
  private scheduleNext(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopping) return;
    let next = Infinity;
    for (const [id, failure] of this.failures) {
      if (!this.inFlight.has(id)) next = Math.min(next, failure.dueAt);
    }
    if (next === Infinity) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.wake();
      },
      Math.max(0, next - Date.now()),
    );
    this.timer.unref();
  }

  /** The provider's answer is the cause, as a webhook would be; its first event correlates. */
  private metadata(sessionId: string, causationId: string): CommandMetadata {
    return {
      actor: { type: 'stripe', id: sessionId },
      now: this.writes.now(),
      correlationId: causationId,
      causationId,
    };
  }
}
