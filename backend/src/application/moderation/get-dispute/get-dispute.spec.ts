import { DISPUTE_NOT_FOUND } from '../../../domain/payment/payment-account.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { PAYMENTS } from '../../../projections/payments/payments.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { GetDisputeHandler } from './get-dispute.handler';
import { GetDisputeQuery } from './get-dispute.query';

describe('one dispute', () => {
  it('is found by its Stripe id; an admin unknown to the read model is named by its id', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(PAYMENTS, { _id: 'dispute-dp_1', userId: null, resolvedBy: id(901) });
    const handler = new GetDisputeHandler(world.adminReads);
    expect(await handler.execute(new GetDisputeQuery('dp_1'))).toMatchObject({
      user: null,
      resolvedBy: id(901),
    });
    await expect(handler.execute(new GetDisputeQuery('dp_2'))).rejects.toThrow(DISPUTE_NOT_FOUND);
  });
});
