import { useCase } from '../../../../test/support/use-case-specification';
import { paymentAccountStreamId } from '../../../domain/payment/payment-account.decider';
import { ConflictError } from '../../../domain/shared/errors';
import { dispute, purchasesSuspended } from '../testing/admin-events';
import { ADMIN, adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ResolveDisputeCommand } from './resolve-dispute.command';
import { NOTHING_TO_RESOLVE, ResolveDisputeHandler } from './resolve-dispute.handler';

describe('resolving a payment dispute', () => {
  const resolveDispute = useCase(
    (world) => {
      const { writes, streams } = adminServices(world);
      return new ResolveDisputeHandler(writes, streams);
    },
    { now: NOW },
  );
  const buyer = id(2);

  it('given a dispute that suspended the buyer’s boost purchases, when an admin lifts it, then the purchases are reinstated', () =>
    givenHistory(resolveDispute, [
      dispute('dp_1'),
      [paymentAccountStreamId(buyer), purchasesSuspended(buyer, 'dp_1')],
    ])
      .when(new ResolveDisputeCommand(ADMIN, 'dp_1', true, 'Bank error'))
      .then(paymentAccountStreamId(buyer), [
        {
          type: 'BoostPurchasesReinstated',
          data: {
            userId: buyer,
            stripeDisputeId: 'dp_1',
            adminId: ADMIN.adminId,
            reason: 'Bank error',
          },
        },
      ]));

  it('given a dispute that suspended no account yet, when an admin resolves it, then it is refused', () =>
    givenHistory(resolveDispute, [dispute('dp_1')])
      .when(new ResolveDisputeCommand(ADMIN, 'dp_1', false, 'Keep'))
      .thenThrows(ConflictError, NOTHING_TO_RESOLVE));
});
