import { useCase } from '../../../../test/support/use-case-specification';
import { DISPUTE_NOT_FOUND } from '../../../domain/payment/payment-account.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { dispute, purchasesSuspended } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { GetDisputeHandler } from './get-dispute.handler';
import { GetDisputeQuery } from './get-dispute.query';

describe('one dispute', () => {
  // The buyer's account is gone from the read model; the suspension was kept by an admin the
  // read model does not know either.
  const getDispute = givenHistory(
    useCase((world) => new GetDisputeHandler(adminServices(world).reads), { now: NOW }),
    [
      dispute('dp_1', purchasesSuspended(id(2), 'dp_1'), {
        type: 'BoostPurchasesSuspensionKept',
        data: { userId: id(2), stripeDisputeId: 'dp_1', adminId: id(901), reason: 'Fraud' },
      }),
    ],
  );

  it('given a dispute kept by an admin unknown to the read model, when asked for by its Stripe id, then it is found and the admin is named by its id', async () => {
    const { answer } = await getDispute.when(new GetDisputeQuery('dp_1')).outcome();
    expect(answer).toMatchObject({ user: null, resolvedBy: id(901) });
  });

  it('given no such dispute, when asked for, then it answers 404', () =>
    getDispute.when(new GetDisputeQuery('dp_2')).thenThrows(NotFoundError, DISPUTE_NOT_FOUND));
});
