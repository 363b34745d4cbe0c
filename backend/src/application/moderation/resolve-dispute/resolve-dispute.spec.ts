import {
  paymentAccountDecider,
  paymentAccountStreamId,
} from '../../../domain/payment/payment-account.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { PAYMENTS } from '../../../projections/payments/payments.projection';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { ResolveDisputeCommand } from './resolve-dispute.command';
import { NOTHING_TO_RESOLVE, ResolveDisputeHandler } from './resolve-dispute.handler';

describe('resolving a payment dispute', () => {
  let world: AdminWorld;
  let handler: ResolveDisputeHandler;
  const buyer = id(2);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new ResolveDisputeHandler(world.writes, world.streamWrites);
    await world.given(paymentAccountDecider, paymentAccountStreamId(buyer), {
      type: 'SuspendBoostPurchases',
      data: { userId: buyer, stripeDisputeId: 'dp_1', stripePaymentId: 'pi_1' },
    });
  });

  it('lifts the suspension of the buyer’s boost purchases', async () => {
    await world.documents(PAYMENTS, {
      _id: 'dispute-dp_1',
      userId: buyer,
      disputeStatus: 'suspended',
    });
    await handler.execute(new ResolveDisputeCommand(ADMIN, 'dp_1', true, 'Bank error'));
    const [last] = (await world.stream(paymentAccountStreamId(buyer))).slice(-1);
    expect(last).toEqual({
      type: 'BoostPurchasesReinstated',
      data: {
        userId: buyer,
        stripeDisputeId: 'dp_1',
        adminId: ADMIN.adminId,
        reason: 'Bank error',
      },
    });
  });

  it('refuses a dispute that suspended no account yet', async () => {
    await world.documents(PAYMENTS, { _id: 'dispute-dp_1', userId: buyer, disputeStatus: 'open' });
    await expect(
      handler.execute(new ResolveDisputeCommand(ADMIN, 'dp_1', false, 'Keep')),
    ).rejects.toThrow(NOTHING_TO_RESOLVE);
  });
});
