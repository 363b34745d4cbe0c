import { randomUUID } from 'node:crypto';
import type { PaymentFacts } from '../../../domain/boost/boost.decider';
import type { CheckoutOffer } from '../../../domain/payment/checkout.decider';
import type { EventMetadata } from '../../../domain/shared/event';
import type { EventStore } from '../../ports/event-store.port';
import type { CheckoutSession, PaymentEvent, PaymentGateway } from '../../ports/payments.port';
import type { FulfilmentReactor } from '../fulfil-payment/fulfilment-reactor';
import type { StripeLookups } from '../fulfil-payment/stripe-lookups';
import type { RateLimiter } from '../../ports/rate-limiter.port';
import type { Clock } from '../../shared/clock';
import type { AppConfig } from '../../../config/config';
import type { ProjectionProgress } from '../../shared/projection-progress';
import { StreamWrites } from '../../shared/stream-writes';
import { StripeNotices } from '../stripe-notices';
import type { UseCaseWorld } from '../../../../test/support/use-case-specification';

/** What the payments use cases' specs share: a provider, a clock and the log as given. */
export const NOW = new Date('2026-03-02T10:00:00.000Z');
const clock: Clock = { now: () => NOW };

/** A limiter that lets every checkout through. */
export const allowAll: RateLimiter = {
  count: () =>
    Promise.resolve({ allowed: true, retryAfterMs: 0, giveBack: () => Promise.resolve() }),
};
export const site = { publicUrl: 'https://site.test' } as AppConfig;

export const boostOffer: CheckoutOffer = {
  sessionId: 'cs_test_1',
  kind: 'boost',
  amount: 199,
  currency: 'usd',
  userId: 'u-1',
  boostType: 'regular',
  boostId: 'b-1',
  postId: null,
};

/** What `session()` says was paid, as a completion records it. */
export const paymentFacts: PaymentFacts = {
  amount: 199,
  currency: 'usd',
  stripeSessionId: boostOffer.sessionId,
  stripePaymentId: 'pi_1',
  receiptUrl: null,
  receiptNumber: null,
};

/** The session as the provider answers it, paid unless said otherwise. */
export function session(overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  return {
    id: boostOffer.sessionId,
    status: 'complete',
    paymentStatus: 'paid',
    amountTotal: 199,
    currency: 'usd',
    paymentId: 'pi_1',
    receiptUrl: null,
    receiptNumber: null,
    email: null,
    metadata: {},
    ...overrides,
  };
}

/** A provider that knows the sessions given, opens `cs_test_1` and reads deliveries as given. */
export function gateway(
  sessions: CheckoutSession[] = [],
  delivery?: (rawBody: Buffer, signature: string | undefined) => PaymentEvent,
): PaymentGateway {
  return {
    name: 'test',
    createCheckoutSession: () =>
      Promise.resolve({ sessionId: 'cs_test_1', url: 'https://pay.test/cs_test_1' }),
    retrieveCheckoutSession: (id) => Promise.resolve(sessions.find((s) => s.id === id) ?? null),
    parseWebhook: (rawBody, signature) => {
      if (!delivery) throw new Error('no deliveries in this spec');
      return delivery(rawBody, signature);
    },
  };
}

const metadata: EventMetadata = {
  actor: { type: 'system', id: 'spec' },
  correlationId: 'c',
  causationId: 'c',
  at: NOW.toISOString(),
};

/** Given: events already on a stream. Answers the position of the last. */
export async function given(
  eventStore: EventStore,
  streamId: string,
  ...events: { type: string; data: unknown }[]
): Promise<bigint> {
  const result = await eventStore.appendToStream(
    streamId,
    events.map((event) => ({ id: randomUUID(), ...event, metadata })),
  );
  return result.position;
}

/** Then: the events on a stream, as types and data. */
export async function recordedOn(eventStore: EventStore, streamId: string) {
  return (await eventStore.readStream(streamId)).map((e) => [e.type, e.data] as const);
}

/** A fulfilment that notes the positions it is asked to wait for, in `awaited`. */
function noteSettled(awaited: (bigint | null)[]): FulfilmentReactor {
  return {
    settled: (position: bigint | null) => {
      awaited.push(position);
      return Promise.resolve();
    },
  } as unknown as FulfilmentReactor;
}

/** The writes of a spec without projections: read-your-writes answers at once. */
export function writesOn(eventStore: EventStore): StreamWrites {
  const progress = { waitFor: () => Promise.resolve(true) } as unknown as ProjectionProgress;
  return new StreamWrites(eventStore, clock, progress);
}

/** The writes of a use-case spec's world (its projections, its clock). */
export function writesIn(world: UseCaseWorld): StreamWrites {
  return new StreamWrites(world.eventStore, world.clock, world.progress);
}

/** The provider's notices written with `writes`, noting the fulfilments waited for. */
export function noticesWith(
  writes: StreamWrites,
  gateway: PaymentGateway,
  awaited: (bigint | null)[],
): StripeNotices {
  // No payments worker runs in these specs: nothing is asked about in this process.
  const lookups = { answered: () => Promise.resolve(null) } as unknown as StripeLookups;
  return new StripeNotices(writes, gateway, noteSettled(awaited), lookups);
}
