import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CheckoutPaymentReported } from '../../../domain/payment/checkout.decider';
import { checkoutDecider, checkoutStreamId } from '../../../domain/payment/checkout.decider';
import {
  type PaymentNotice,
  type StripeEventReceived,
  stripeEventDecider,
  stripeEventStreamId,
} from '../../../domain/payment/stripe-event.decider';
import { DomainError } from '../../../domain/shared/errors';
import type { CommandMetadata, RecordedEvent } from '../../../domain/shared/event';
import {
  CheckpointedSubscription,
  readStoreCheckpoint,
  type SubscriberProgress,
} from '../../ports/checkpointed-subscription';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { PAYMENTS, type PaymentGateway } from '../../ports/payments.port';
import { READ_STORE, type ReadModelWrite, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { loadState, runDecider } from '../../shared/decider-runner';
import { PROJECTION_PROGRESS, ProjectionProgress } from '../../shared/projection-progress';
import { FulfilmentSteps } from './fulfil-checkout';

export const FULFILMENT_CHECKPOINT = 'reactor:payments';

/**
 * The payment process manager. The webhook records what Stripe said (`StripeEventReceived`,
 * with the adapter's reading of it) and the return page that a session is paid
 * (`CheckoutPaymentReported`); this reactor follows the log from its checkpoint and does the
 * fulfilment: the checkout completed, the boost bought (and applied to its post), the payment
 * recorded, a refund or dispute taking effect. Every step is idempotent (see `FulfilmentSteps`),
 * so a restart, which hands it the events after its checkpoint again, does nothing twice; a
 * Stripe event is marked processed (`StripeEventProcessed`) once its effects are all in.
 *
 * Without a checkpoint (first start, or the read models were rebuilt) it reads the log from its
 * start, so nothing recorded and not yet fulfilled is missed; what is already done costs one
 * stream read. The provider or a store failing stops it and it resumes from its checkpoint a
 * moment later; a step its decider refuses is logged and left. Runs where the projections run,
 * under their lease.
 */
@Injectable()
export class FulfilmentReactor {
  private readonly logger = new Logger('Payments');
  private readonly subscription: CheckpointedSubscription;
  private readonly steps: FulfilmentSteps;
  private readonly readModels: ProjectionProgress;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PAYMENTS) gateway: PaymentGateway,
    @Inject(PROJECTION_PROGRESS) private readonly projections: ProjectionProgress,
  ) {
    this.steps = new FulfilmentSteps(eventStore, readStore, gateway, this.logger);
    this.subscription = new CheckpointedSubscription(eventStore, ([event]) => this.handle(event), {
      name: 'Payment fulfilment',
      checkpoint: readStoreCheckpoint(readStore, FULFILMENT_CHECKPOINT),
      from: 'start',
      logger: this.logger,
    });
    // In the process that runs it, it is told at once; elsewhere its stored checkpoint is read.
    this.readModels = new ProjectionProgress(
      () => (this.subscription.running ? this.subscription : null),
      readStore,
      FULFILMENT_CHECKPOINT,
    );
  }

  /** How far it has read the log (its lag, in the metrics). */
  get progress(): SubscriberProgress {
    return this.subscription;
  }

  start(): Promise<void> {
    return this.subscription.start();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  /**
   * Read-your-writes for payments: waits (bounded) until the event at `position` has been
   * fulfilled and the read models hold the result, so the buyer's next page shows it.
   */
  async settled(position: bigint | null): Promise<void> {
    if (position === null) return;
    await this.readModels.waitFor(position);
    await this.projections.waitFor(await this.eventStore.headPosition());
  }

  private async handle(event: RecordedEvent): Promise<ReadModelWrite[] | null> {
    try {
      switch (event.type) {
        case 'StripeEventReceived':
          return await this.stripeEvent(event.data as StripeEventReceived['data']);
        case 'CheckoutPaymentReported':
          return await this.paymentReported(
            event as RecordedEvent<'CheckoutPaymentReported', CheckoutPaymentReported['data']>,
          );
        default:
          return null;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Deciding again gives the same answer: logged and left, never retried into a loop.
      this.logger.error(`Fulfilment of ${event.type} ${event.id} refused`, error);
      return [];
    }
  }

  private async stripeEvent(data: StripeEventReceived['data']): Promise<[] | null> {
    // Recorded before this reactor: the webhook itself appended its effects.
    if (!data.payment) return null;
    const streamId = stripeEventStreamId(data.stripeEventId);
    const { state } = await loadState(this.eventStore, stripeEventDecider, streamId);
    if (state.status === 'processed' && (await this.allIn(state.withEffects, data.payment))) {
      return null;
    }
    const metadata = this.metadata(data.stripeEventId, data.stripeEventId, data.stripeEventId);
    await this.steps.apply(data.payment, metadata, (withEffects) =>
      runDecider(
        this.eventStore,
        stripeEventDecider,
        streamId,
        {
          type: 'MarkStripeEventProcessed',
          data: {
            stripeEventId: data.stripeEventId,
            outcome: 'applied',
            ...(withEffects ? { withEffects: true as const } : {}),
          },
        },
        metadata,
      ),
    );
    return [];
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

  private async paymentReported(
    event: RecordedEvent<'CheckoutPaymentReported', CheckoutPaymentReported['data']>,
  ): Promise<[] | null> {
    const { sessionId } = event.data;
    const { state } = await loadState(
      this.eventStore,
      checkoutDecider,
      checkoutStreamId(sessionId),
    );
    if (state.status === 'completed') return null;
    // What the provider answered about its session is the cause, as a webhook would be.
    await this.steps.fulfil(
      sessionId,
      this.metadata(sessionId, event.metadata.correlationId, sessionId),
    );
    return [];
  }

  private metadata(actorId: string, correlationId: string, causationId: string): CommandMetadata {
    return {
      actor: { type: 'stripe', id: actorId },
      now: this.clock.now(),
      correlationId,
      causationId,
    };
  }
}
