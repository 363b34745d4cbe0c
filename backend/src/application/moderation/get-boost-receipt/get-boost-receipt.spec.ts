import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { BOOSTS } from '../../../projections/boosts/boosts.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { GetBoostReceiptHandler } from './get-boost-receipt.handler';
import { BOOST_NOT_FOUND, GetBoostReceiptQuery, NO_RECEIPT } from './get-boost-receipt.query';

describe('a boost’s receipt', () => {
  it('answers the receipt address Stripe gave, and 404 without one or without the boost', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(
      BOOSTS,
      { _id: id(1), receiptUrl: 'https://pay.stripe.com/receipts/1' },
      { _id: id(2), receiptUrl: null },
    );
    const handler = new GetBoostReceiptHandler(world.reads);
    expect(await handler.execute(new GetBoostReceiptQuery(id(1)))).toBe(
      'https://pay.stripe.com/receipts/1',
    );
    await expect(handler.execute(new GetBoostReceiptQuery(id(2)))).rejects.toThrow(NO_RECEIPT);
    await expect(handler.execute(new GetBoostReceiptQuery(id(3)))).rejects.toThrow(BOOST_NOT_FOUND);
  });
});
