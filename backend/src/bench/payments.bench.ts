import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAYMENTS, type PaymentGateway } from '../application/ports/payments.port';
import { EVENT_STORE, type EventStore } from '../application/ports/event-store.port';
import { createApp } from '../bootstrap';
import { loadConfig } from '../config/config';
import { BOOST_PRICES } from '../domain/boost/boost.decider';
import { latencies, type Latencies, timed } from './bench-http';

export interface PaymentsBench {
  webhooks: { count: number; perSecond: number };
  /** The anchor: as many appends of one event each, through the same event store, same run. */
  plainAppends: { count: number; perSecond: number };
  /** From the webhook's delivery until the buyer's unclaimed boosts list the boost. */
  webhookToSeen: Latencies;
  /** The return page's confirmation, which answers once the read models hold the purchase. */
  confirm: Latencies;
  /**
   * The anchor: the webhook's own answer, which waits (bounded) for the fulfilment reactor and
   * the read models.
   */
  webhookAnswer: Latencies;
}

/**
 * Payments through the real HTTP app on 127.0.0.1 with the local checkout: signed
 * `checkout.session.completed` deliveries ingested per second (each one: signature check, the
 * Stripe event's reservation, the session's completion, the boost, the payment, its processed
 * mark), and how long until the buyer sees the boost.
 */
export async function benchPayments(count = 300, seen = 60): Promise<PaymentsBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-payments-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    FRONTEND_DIR: join(dataDir, 'no-frontend'),
    REGISTRATION_LIMIT_PER_HOUR: '100000',
  });
  let app: NestExpressApplication | null = null;
  try {
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const gateway = app.get<PaymentGateway>(PAYMENTS);
    const eventStore = app.get<EventStore>(EVENT_STORE);

    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bench.buyer@example.com', password: 'bench buyer pass' }),
    });
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0];
    const userId = ((await registered.json()) as { id: string }).id;

    /** A paid session and its signed delivery, not yet sent. */
    const paidSession = async () => {
      const { sessionId } = await gateway.createCheckoutSession({
        itemName: BOOST_PRICES.regular.name,
        amount: BOOST_PRICES.regular.amount,
        currency: 'usd',
        successUrl: `${base}/boost?session_id={CHECKOUT_SESSION_ID}&type=boost`,
        cancelUrl: `${base}/boost?cancelled=true`,
        metadata: { kind: 'boost', boostType: 'regular', boostId: randomUUID(), userId },
      });
      return { sessionId, ...gateway.localCheckout!.pay(sessionId, new Date()) };
    };
    const deliver = async (delivery: { body: Buffer; signature: string }) => {
      const response = await fetch(`${base}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': delivery.signature },
        body: delivery.body,
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
    };
    const unclaimedCount = async () => {
      const response = await fetch(`${base}/api/boosts/unclaimed`, { headers: { Cookie: cookie } });
      return ((await response.json()) as { count: number }).count;
    };

    // Ingestion: deliveries prepared first, then sent one after another.
    const deliveries = await Promise.all(Array.from({ length: count }, paidSession));
    await deliver(deliveries[0]);
    const ingestMs = await timed(async () => {
      for (const delivery of deliveries.slice(1)) await deliver(delivery);
    });
    const plainMs = await timed(async () => {
      for (let i = 1; i < count; i += 1) {
        await eventStore.appendToStream(
          `bench-plain-${randomUUID()}`,
          [
            {
              id: randomUUID(),
              type: 'BenchAppended',
              data: { i },
              metadata: {
                actor: { type: 'system', id: 'bench' },
                correlationId: 'b',
                causationId: 'b',
                at: new Date().toISOString(),
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
      }
    });

    // Time until the buyer sees the boost, by the webhook and by the return page.
    const toSeen: number[] = [];
    const answers: number[] = [];
    const confirms: number[] = [];
    let expected = await unclaimedCount();
    for (let i = 0; i < seen; i += 1) {
      const delivery = await paidSession();
      const started = performance.now();
      answers.push(await timed(() => deliver(delivery)));
      expected += 1;
      while ((await unclaimedCount()) < expected) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      toSeen.push(performance.now() - started);

      const returning = await paidSession();
      confirms.push(
        await timed(async () => {
          const response = await fetch(`${base}/api/checkout/confirm`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ sessionId: returning.sessionId }),
          });
          await response.arrayBuffer();
        }),
      );
      expected += 1;
      if ((await unclaimedCount()) !== expected)
        throw new Error('confirm answered before the read models');
    }

    return {
      webhooks: { count: count - 1, perSecond: Math.round(((count - 1) / ingestMs) * 1000) },
      plainAppends: { count: count - 1, perSecond: Math.round(((count - 1) / plainMs) * 1000) },
      webhookToSeen: latencies(toSeen),
      confirm: latencies(confirms),
      webhookAnswer: latencies(answers),
    };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
