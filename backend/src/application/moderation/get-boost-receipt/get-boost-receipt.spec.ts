import { useCase } from '../../../../test/support/use-case-specification';
import { NotFoundError } from '../../../domain/shared/errors';
import { boost } from '../testing/admin-events';
import { givenHistory, id, NOW } from '../testing/admin-use-cases';
import { GetBoostReceiptHandler } from './get-boost-receipt.handler';
import { BOOST_NOT_FOUND, GetBoostReceiptQuery, NO_RECEIPT } from './get-boost-receipt.query';

describe('a boost’s receipt', () => {
  const getBoostReceipt = givenHistory(
    useCase((world) => new GetBoostReceiptHandler(world.readStore), { now: NOW }),
    [boost(id(1), id(2), 'https://pay.stripe.com/receipts/1'), boost(id(2), id(2), null)],
  );

  it('given a boost bought with a receipt, when asked for it, then the receipt address Stripe gave is answered', () =>
    getBoostReceipt
      .when(new GetBoostReceiptQuery(id(1)))
      .thenAnswers('https://pay.stripe.com/receipts/1'));

  it('given a boost without a receipt, or no boost, when asked for one, then it answers 404', async () => {
    await getBoostReceipt
      .when(new GetBoostReceiptQuery(id(2)))
      .thenThrows(NotFoundError, NO_RECEIPT);
    await getBoostReceipt
      .when(new GetBoostReceiptQuery(id(3)))
      .thenThrows(NotFoundError, BOOST_NOT_FOUND);
  });
});
