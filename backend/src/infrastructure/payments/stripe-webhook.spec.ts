import Stripe from 'stripe';
import { InvalidWebhookSignatureError } from '../../application/ports/payments.port';
import { toPaymentEvent, verifyStripeWebhook } from './stripe-webhook';

const event = (type: string, object: Record<string, unknown>) => ({
  id: 'evt_1',
  type,
  data: { object },
});

describe('Stripe webhook mapping', () => {
  it('reads a refund and a dispute by their payment, expanded or not', () => {
    expect(
      toPaymentEvent(
        event('charge.refunded', {
          id: 'ch_1',
          payment_intent: { id: 'pi_1' },
          amount_refunded: 199,
          currency: 'eur',
          receipt_url: 'https://pay.stripe.com/r',
        }),
      ),
    ).toEqual({
      id: 'evt_1',
      type: 'charge.refunded',
      objectId: 'ch_1',
      handled: true,
      notice: {
        kind: 'refund',
        stripePaymentId: 'pi_1',
        stripeChargeId: 'ch_1',
        amountRefunded: 199,
        currency: 'eur',
        receiptUrl: 'https://pay.stripe.com/r',
      },
    });
    expect(
      toPaymentEvent(
        event('charge.dispute.created', { id: 'dp_1', payment_intent: 'pi_1', amount: -5 }),
      ).notice,
    ).toEqual({
      kind: 'dispute',
      stripePaymentId: 'pi_1',
      stripeDisputeId: 'dp_1',
      amount: 0,
      currency: 'usd',
      reason: 'unknown',
    });
  });

  it('asks nothing of an unknown type, nor of a handled one without its payment', () => {
    expect(toPaymentEvent(event('customer.created', { id: 'cus_1' }))).toMatchObject({
      handled: false,
      notice: null,
    });
    expect(toPaymentEvent(event('charge.refunded', { id: 'ch_1' }))).toMatchObject({
      handled: true,
      notice: null,
    });
  });

  it('refuses a body whose signature does not check out', () => {
    const body = JSON.stringify(event('charge.refunded', { id: 'ch_1' }));
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_a',
    });
    expect(verifyStripeWebhook(Buffer.from(body), signature, 'whsec_a').objectId).toBe('ch_1');
    expect(() => verifyStripeWebhook(Buffer.from(body), signature, 'whsec_b')).toThrow(
      InvalidWebhookSignatureError,
    );
  });
});
