import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Stripe-compatible server on 127.0.0.1 answering the two calls the app makes, the way
 * Stripe does: `POST /v1/checkout/sessions` (form-encoded, as the SDK sends it) and
 * `GET /v1/checkout/sessions/:id` (with `expand[]=payment_intent.latest_charge`), 404 with
 * Stripe's error shape for an unknown id. `markPaid` plays the buyer paying; `unavailable` plays
 * an outage for the sessions it holds (500 with Stripe's error shape and `Stripe-Should-Retry:
 * false`, so each question the app asks is one request here, without the SDK's own retries).
 * Point the app's STRIPE_API_URL at `url`.
 */
export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

interface StoredSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  url: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  customer_details: { email: string } | null;
}

export interface FakeStripeServer {
  url: string;
  requests: FakeStripeRequest[];
  /** Sessions whose retrieval answers 500 until removed from the set. */
  unavailable: Set<string>;
  /** The retrievals of a session asked so far (answered or not). */
  retrievalsOf(sessionId: string): number;
  markPaid(sessionId: string, email?: string): { paymentIntent: string };
  close(): Promise<void>;
}

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, StoredSession>();
  const charges = new Map<string, { id: string; receipt_url: string }>();
  const unavailable = new Set<string>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = new URLSearchParams(
        req.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'),
      );
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_fake' });
        res.end(JSON.stringify(body));
      };
      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]] = value;
        }
        const session: StoredSession = {
          id,
          object: 'checkout.session',
          mode: form.get('mode') ?? 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          metadata,
          payment_intent: null,
          customer_details: null,
        };
        sessions.set(id, session);
        send(200, session);
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match && unavailable.has(match[1])) {
        res.writeHead(500, {
          'Content-Type': 'application/json',
          'Request-Id': 'req_fake',
          'Stripe-Should-Retry': 'false',
        });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Fake outage' } }));
        return;
      }
      if (req.method === 'GET' && match) {
        const session = sessions.get(match[1]);
        if (!session) {
          send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such checkout.session: '${match[1]}'`,
              param: 'session',
            },
          });
          return;
        }
        // The SDK sends `expand[0]=…`; `expand[]=…` is the other spelling Stripe accepts.
        const expand = [...form]
          .filter(([key]) => /^expand\[\d*\]$/.test(key))
          .some(([, value]) => value === 'payment_intent.latest_charge');
        const intent = session.payment_intent;
        send(200, {
          ...session,
          payment_intent:
            intent && expand
              ? { id: intent, object: 'payment_intent', latest_charge: charges.get(intent) }
              : intent,
        });
        return;
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unavailable,
    retrievalsOf: (sessionId) =>
      requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)
        .length,
    markPaid(sessionId, email = 'buyer@example.com') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      const paymentIntent = `pi_test_${randomBytes(8).toString('hex')}`;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = paymentIntent;
      session.customer_details = { email };
      charges.set(paymentIntent, {
        id: `ch_test_${randomBytes(8).toString('hex')}`,
        receipt_url: `https://pay.stripe.com/receipts/${paymentIntent}`,
      });
      return { paymentIntent };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
