import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAYMENTS, type PaymentGateway } from '../application/ports/payments.port';
import { newRecordId } from '../application/shared/record-ids';
import { EVENT_STORE, type EventStore } from '../application/ports/event-store.port';
import { createApp } from '../bootstrap';
import { loadConfig } from '../config/config';
import { BOOST_PRICES } from '../domain/boost/boost.decider';
import { latencies, type Latencies, timed } from './bench-http';
import { benchEvent } from './bench-event';
import { alternate, type Rounds } from './figures';

const WEBHOOK_PATH = '/api/stripe/webhook';
/** Where the anchor listens: under the webhook's path, so the same raw-body reader serves it. */
const ANCHOR = '/bench-anchor';

export interface PaymentsBench {
  /**
   * Signed deliveries acknowledged per second (`values`), and the anchor's (`anchors`): the same
   * request, body and signature check on a route that then appends one event, nothing else,
   * measured in alternating rounds.
   */
  webhooks: { count: number; rounds: Rounds };
  /** Plain appends of one event each through the same event store, no HTTP (a detail). */
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

/** Confirmations by the return page timed at most: the route allows a visitor about that many. */
const CONFIRMS = 60;

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
    const gateway = app.get<PaymentGateway>(PAYMENTS);
    const eventStore = app.get<EventStore>(EVENT_STORE);
    installAnchorRoute(app.getHttpAdapter().getInstance(), gateway, eventStore);
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');

    const register = (email: string) =>
      fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'bench buyer pass' }),
      });
    const registered = await register('bench.buyer@example.com');
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0];
    const buyerId = ((await registered.json()) as { id: string }).id;
    // The ingestion's boosts go to another buyer: the one whose wait is timed starts with none.
    const bulk = await register('bench.bulk.buyer@example.com');
    const bulkBuyerId = ((await bulk.json()) as { id: string }).id;

    /** A paid session and its signed delivery, not yet sent. */
    const paidSession = async (userId = buyerId) => {
      const { sessionId } = await gateway.createCheckoutSession({
        itemName: BOOST_PRICES.regular.name,
        amount: BOOST_PRICES.regular.amount,
        currency: 'usd',
        successUrl: `${base}/boost?session_id={CHECKOUT_SESSION_ID}&type=boost`,
        cancelUrl: `${base}/boost?cancelled=true`,
        metadata: { kind: 'boost', boostType: 'regular', boostId: newRecordId(), userId },
      });
      return { sessionId, ...gateway.localCheckout!.pay(sessionId, new Date()) };
    };
    const deliver = async (delivery: { body: Buffer; signature: string }, path = '') => {
      const response = await fetch(`${base}${WEBHOOK_PATH}${path}`, {
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

    // Ingestion: deliveries prepared first, then sent one after another, in alternating rounds
    // with as many deliveries of the same kind to the anchor.
    const rounds = 10;
    const perRound = Math.max(5, Math.round(count / rounds));
    await deliver(await paidSession());
    await deliver(await paidSession(), ANCHOR);
    const sequentially = (path: string) => async () => {
      const deliveries = await Promise.all(
        Array.from({ length: perRound }, () => paidSession(bulkBuyerId)),
      );
      const ms = await timed(async () => {
        for (const delivery of deliveries) await deliver(delivery, path);
      });
      return (perRound / ms) * 1000;
    };
    const webhookRounds = await alternate(rounds, sequentially(''), sequentially(ANCHOR));
    const plainMs = await timed(async () => {
      for (let i = 0; i < perRound; i += 1) {
        await eventStore.appendToStream(
          `bench-plain-${randomUUID()}`,
          [benchEvent('BenchAppended', { i })],
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

      // The return page's confirmation is limited per visitor (`checkoutConfirm` in the
      // configuration): it is timed fewer times.
      if (i >= CONFIRMS) continue;
      const returning = await paidSession();
      confirms.push(
        await timed(async () => {
          const response = await fetch(`${base}/api/checkout/confirm`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ sessionId: returning.sessionId }),
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`confirm answered ${response.status}`);
        }),
      );
      expected += 1;
      if ((await unclaimedCount()) !== expected)
        throw new Error('confirm answered before the read models');
    }

    return {
      webhooks: { count: perRound * rounds, rounds: webhookRounds },
      plainAppends: { count: perRound, perSecond: Math.round((perRound / plainMs) * 1000) },
      webhookToSeen: latencies(toSeen),
      confirm: latencies(confirms),
      webhookAnswer: latencies(answers),
    };
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The anchor for the webhook: a route on the same server, behind the same middleware (request
 * id and log, metrics, headers, the cross-site guard, the raw-body reader of the webhook's
 * path), that checks the same signature with the same adapter and appends one event with
 * `no_stream` to the same store, then answers as the webhook does. Nothing else: no command
 * bus, no record of the Stripe event, no fulfilment.
 */
function installAnchorRoute(server: Express, gateway: PaymentGateway, eventStore: EventStore) {
  server.post(
    `${WEBHOOK_PATH}${ANCHOR}`,
    (request: Request, response: Response, next: NextFunction) => {
      let eventId: string;
      try {
        eventId = gateway.parseWebhook(
          request.body as Buffer,
          request.header('stripe-signature') ?? undefined,
        ).id;
      } catch {
        response.status(400).json({ message: 'Invalid webhook signature' });
        return;
      }
      eventStore
        .appendToStream(
          `bench-anchor-${eventId}`,
          [benchEvent('BenchWebhookAnchored', { eventId })],
          { expectedRevision: 'no_stream' },
        )
        .then(() => response.json({ received: true }), next);
    },
  );
}
