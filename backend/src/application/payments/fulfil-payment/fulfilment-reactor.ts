import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CheckoutFoundUnpaid,
  type CheckoutPaymentConfirmed,
  type CheckoutPaymentReported,
  checkoutDecider,
  checkoutStreamId,
  confirmationOf,
} from '../../../domain/payment/checkout.decider';
import {
  stripeEventDecider,
  stripeEventStreamId,
  type PaymentNotice,
  type StripeEventReceived,
} from '../../../domain/payment/stripe-event.decider';
import { DomainError } from '../../../domain/shared/errors';
import type { CommandMetadata, RecordedEvent } from '../../../domain/shared/event';
import {
  CheckpointedSubscription,
  readStoreCheckpoint,
  type SubscriberProgress,
} from '../../ports/checkpointed-subscription';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import {
  READ_STORE,
  type ReadDocument,
  type ReadModelWrite,
  type ReadStore,
} from '../../ports/read-store.port';
import { PROJECTION_PROGRESS, ProjectionProgress } from '../../shared/projection-progress';
import { StreamWrites } from '../../shared/stream-writes';
import { FulfilmentSteps, type MarkProcessed } from './fulfil-checkout';
import { PAYMENT_LOOKUPS, type PaymentLookupDocument, StripeLookups } from './stripe-lookups';

export const FULFILMENT_CHECKPOINT = 'reactor:payments';

/**
 * Where the reactor notes, with its checkpoint, the position of the last event it appended: a
 * process that waits for a fulfilment without running the reactor reads it (one small document)
 * instead of asking the log for its head.
 */
export const FULFILMENT_APPENDS = 'payment-fulfilment-appends';
const APPENDED_THROUGH = 'last';

interface AppendedThroughDocument extends ReadDocument {
  _id: typeof APPENDED_THROUGH;
  /** Decimal position of the last event the reactor appended. */
  position: string;
}

/**
 * The payment process manager. The webhook records what Stripe said (`StripeEventReceived`) and the
 * return page what the provider answered (`CheckoutPaymentConfirmed`); this reactor follows the log
 * and fulfils. Every step is idempotent (`FulfilmentSteps`), so a restart does nothing twice. It
 * never asks the provider itself: a completion without an answer is queued (`PAYMENT_LOOKUPS`) for
 * `StripeLookups`, so a provider outage holds only the purchases that need it, never the events
 * behind them. It notes the position of its last append (`appendedThrough`, also in
 * `FULFILMENT_APPENDS`), so `settled` knows which position the read models must reach without
 * asking the log for its head.
 */
@Injectable()
export class FulfilmentReactor {
  private readonly logger = new Logger('Payments');
  private readonly subscription: CheckpointedSubscription;
  private readonly steps: FulfilmentSteps;
  private readonly readModels: ProjectionProgress;
  /** How the reactor writes: every append's position is noted. */
  private readonly writes: StreamWrites;
  /** The position of the last event this reactor appended, as far as this process knows. */
  private appendedThrough: bigint | null = null;

  constructor(
    /** The log it follows. */
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    writes: StreamWrites,
    @Inject(PROJECTION_PROGRESS) private readonly projections: ProjectionProgress,
    private readonly lookups: StripeLookups,
  ) {
    this.writes = writes.noting((position) => this.noteAppended(position));
    this.steps = new FulfilmentSteps(this.writes, reads, this.logger);
    this.subscription = new CheckpointedSubscription(eventStore, ([event]) => this.handle(event), {
      name: 'Payment fulfilment',
      checkpoint: readStoreCheckpoint(reads, FULFILMENT_CHECKPOINT),
      from: 'start',
      logger: this.logger,
    });
    // In the process that runs it, it is told at once; elsewhere its stored checkpoint is read.
    this.readModels = new ProjectionProgress(
      () => (this.subscription.running ? this.subscription : null),
      reads,
      FULFILMENT_CHECKPOINT,
    );
  }

  /** How far it has read the log (its lag, in the metrics). */
  get progress(): SubscriberProgress {
    return this.subscription;
  }

  async start(): Promise<void> {
    await this.reads.ensureIndexes(PAYMENT_LOOKUPS, [{ keys: { since: 1 } }]);
    const stored = await this.storedAppendedThrough();
    if (stored !== null) this.noteAppended(stored);
    await this.subscription.start();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  /**
   * Read-your-writes for payments: waits (bounded) until the event at `position` has been
   * fulfilled and the read models hold the result, so the buyer's next page shows it. Once the
   * reactor has passed `position`, everything it appended for it lies at or before the last
   * position it noted: known here where it runs, read from its note (one small document)
   * elsewhere.
   */
  async settled(position: bigint | null): Promise<void> {
    if (position === null) return;
    await this.readModels.waitFor(position);
    const appended = this.subscription.running
      ? this.appendedThrough
      : await this.storedAppendedThrough();
    await this.projections.waitFor(appended !== null && appended > position ? appended : position);
  }

  /**
   * Acts on one event. Every event it acts on is saved with its checkpoint (with its note of
   * what it appended, when that moved), so a process waiting on the stored checkpoint sees it
   * pass at once; the events it ignores are saved now and then.
   */
  private async handle(event: RecordedEvent): Promise<ReadModelWrite[] | null> {
    const before = this.appendedThrough;
    const writes = await this.react(event);
    if (writes === IGNORED) return null;
    const through = this.appendedThrough;
    if (through === null || through === before) return writes;
    const note: AppendedThroughDocument = { _id: APPENDED_THROUGH, position: through.toString() };
    return [...writes, { kind: 'upsert', collection: FULFILMENT_APPENDS, document: note }];
  }

  private async react(event: RecordedEvent): Promise<ReadModelWrite[] | typeof IGNORED> {
    try {
      switch (event.type) {
        case 'StripeEventReceived':
          return (
            (await this.stripeEvent(event as RecordedEvent<string, StripeEventReceived['data']>)) ??
            []
          );
        case 'CheckoutPaymentReported':
          return (
            (await this.paymentReported(
              event as RecordedEvent<'CheckoutPaymentReported', CheckoutPaymentReported['data']>,
            )) ?? []
          );
        case 'CheckoutPaymentConfirmed':
          return await this.paymentConfirmed(
            event as RecordedEvent<'CheckoutPaymentConfirmed', CheckoutPaymentConfirmed['data']>,
          );
        case 'CheckoutFoundUnpaid':
          return await this.foundUnpaid(
            event as RecordedEvent<'CheckoutFoundUnpaid', CheckoutFoundUnpaid['data']>,
          );
        default:
          return IGNORED;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Deciding again gives the same answer: logged and left, never retried into a loop.
      this.logger.error(`Fulfilment of ${event.type} ${event.id} refused`, error);
      return [];
    }
  }

  private async stripeEvent(
    event: RecordedEvent<string, StripeEventReceived['data']>,
  ): Promise<ReadModelWrite[] | null> {
    const data = event.data;
    // Recorded before this reactor: the webhook itself appended its effects.
    if (!data.payment) return null;
    const streamId = stripeEventStreamId(data.stripeEventId);
    const { state } = await this.writes.load(stripeEventDecider, streamId);
    if (state.status === 'processed' && (await this.allIn(state.withEffects, data.payment))) {
      return null;
    }
    const metadata = this.metadata(data.stripeEventId, data.stripeEventId, data.stripeEventId);
    if (data.payment.kind !== 'checkout-completed') {
      await this.steps.apply(data.payment, metadata, this.marking([data.stripeEventId], metadata));
      return [];
    }
    return this.fulfilOrQueue(data.payment.sessionId, [data.stripeEventId], event, metadata);
  }

  /**
   * Whether a processed event's effects are all in: always, when it was marked after them; when
   * it was marked in their commit, once the log shows them (a crash may have cut that commit's
   * group short), found without asking the provider.
   */
  private async allIn(withEffects: boolean, notice: PaymentNotice): Promise<boolean> {
    if (!withEffects || notice.kind !== 'checkout-completed') return true;
    return this.steps.fulfilledInLog(notice.sessionId);
  }

  /** A return page's report from before answers were recorded: fulfilled the same way. */
  private async paymentReported(
    event: RecordedEvent<'CheckoutPaymentReported', CheckoutPaymentReported['data']>,
  ): Promise<ReadModelWrite[] | null> {
    const { sessionId } = event.data;
    const { state } = await this.writes.load(checkoutDecider, checkoutStreamId(sessionId));
    if (state.status === 'completed') return null;
    const metadata = this.metadata(sessionId, event.metadata.correlationId, sessionId);
    return this.fulfilOrQueue(sessionId, [], event, metadata);
  }

  /**
   * Fulfils a paid session from the provider's recorded answer, marking the Stripe events about
   * it processed; without an answer, queues the question for the payments worker (and wakes it
   * once the queue is committed) instead of asking here.
   */
  private async fulfilOrQueue(
    sessionId: string,
    stripeEventIds: string[],
    event: RecordedEvent,
    metadata: CommandMetadata,
  ): Promise<ReadModelWrite[]> {
    const { state } = await this.writes.load(checkoutDecider, checkoutStreamId(sessionId));
    // Whole already (a second announcement, or a completion from before answers were
    // recorded): nothing to decide or ask.
    if (state.status === 'completed' && (await this.steps.fulfilledInLog(sessionId))) {
      await this.marking(stripeEventIds, metadata)(false);
      return [];
    }
    const confirmed = confirmationOf(state);
    if (confirmed) {
      await this.steps.fulfil(confirmed, metadata, this.marking(stripeEventIds, metadata));
      return [];
    }
    const queued = await this.queued(sessionId);
    const document: PaymentLookupDocument = {
      _id: sessionId,
      stripeEventIds: [...new Set([...(queued?.stripeEventIds ?? []), ...stripeEventIds])],
      since: queued?.since ?? event.metadata.at,
    };
    this.wakeWorkerAfter(event.position);
    return [{ kind: 'upsert', collection: PAYMENT_LOOKUPS, document }];
  }

  /** The provider said the session is paid: fulfilled, and every event waiting on it answered. */
  private async paymentConfirmed(
    event: RecordedEvent<'CheckoutPaymentConfirmed', CheckoutPaymentConfirmed['data']>,
  ): Promise<ReadModelWrite[]> {
    const { sessionId, offer, payment, receiptEmail } = event.data;
    const queued = await this.queued(sessionId);
    const metadata = this.metadata(
      event.metadata.actor.id,
      event.metadata.correlationId,
      event.metadata.causationId,
    );
    const mark = this.marking(queued?.stripeEventIds ?? [], metadata);
    if (await this.steps.fulfilledInLog(sessionId)) {
      await mark(false);
    } else {
      await this.steps.fulfil({ offer, payment, receiptEmail }, metadata, mark);
    }
    return queued ? [{ kind: 'delete', collection: PAYMENT_LOOKUPS, id: sessionId }] : [];
  }

  /**
   * The provider said the session is not paid (or not ours): the events it answered are marked
   * processed; any that came in meanwhile stay queued for another question.
   */
  private async foundUnpaid(
    event: RecordedEvent<'CheckoutFoundUnpaid', CheckoutFoundUnpaid['data']>,
  ): Promise<ReadModelWrite[]> {
    const { sessionId, stripeEventIds } = event.data;
    const metadata = this.metadata(
      event.metadata.actor.id,
      event.metadata.correlationId,
      event.metadata.causationId,
    );
    await this.marking(stripeEventIds, metadata)(false);
    const queued = await this.queued(sessionId);
    if (!queued) return [];
    const answered = new Set(stripeEventIds);
    const left = queued.stripeEventIds.filter((id) => !answered.has(id));
    if (left.length === 0) return [{ kind: 'delete', collection: PAYMENT_LOOKUPS, id: sessionId }];
    this.wakeWorkerAfter(event.position);
    return [
      {
        kind: 'upsert',
        collection: PAYMENT_LOOKUPS,
        document: { ...queued, stripeEventIds: left },
      },
    ];
  }

  private noteAppended(position: bigint): void {
    if (this.appendedThrough === null || position > this.appendedThrough) {
      this.appendedThrough = position;
    }
  }

  private async storedAppendedThrough(): Promise<bigint | null> {
    const note = await this.reads.findOne<AppendedThroughDocument>(FULFILMENT_APPENDS, {
      _id: APPENDED_THROUGH,
    });
    return note ? BigInt(note.position) : null;
  }

  private queued(sessionId: string): Promise<PaymentLookupDocument | null> {
    return this.reads.findOne<PaymentLookupDocument>(PAYMENT_LOOKUPS, { _id: sessionId });
  }

  /** The worker reads the queue: woken once this event's writes are committed with it. */
  private wakeWorkerAfter(position: bigint): void {
    void this.subscription.waitForPosition(position, 60_000).then((reached) => {
      if (reached) this.lookups.wake();
    });
  }

  /** Marks the Stripe events named processed (`withEffects`: in the effects' own commit). */
  private marking(stripeEventIds: readonly string[], metadata: CommandMetadata): MarkProcessed {
    return (withEffects) =>
      Promise.all(
        stripeEventIds.map((stripeEventId) =>
          this.writes.decide(
            stripeEventStreamId(stripeEventId),
            stripeEventDecider,
            {
              type: 'MarkStripeEventProcessed',
              data: {
                stripeEventId,
                outcome: 'applied',
                ...(withEffects ? { withEffects: true as const } : {}),
              },
            },
            metadata,
          ),
        ),
      );
  }

  private metadata(actorId: string, correlationId: string, causationId: string): CommandMetadata {
    return {
      actor: { type: 'stripe', id: actorId },
      now: this.writes.now(),
      correlationId,
      causationId,
    };
  }
}

/** What `react` answers for an event the reactor has nothing to do with. */
const IGNORED = Symbol('ignored');
