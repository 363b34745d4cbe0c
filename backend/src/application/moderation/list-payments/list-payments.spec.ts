import { useCase } from '../../../../test/support/use-case-specification';
import {
  accountOf,
  anAdmin,
  at,
  boost,
  dispute,
  profileNamed,
  purchasesSuspended,
} from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ListPaymentsHandler } from './list-payments.handler';
import { ListPaymentsQuery } from './list-payments.query';

describe('listing payments', () => {
  const listPayments = useCase((world) => new ListPaymentsHandler(adminServices(world).reads), {
    now: NOW,
  });
  const buyer = id(2);

  it('given a purchase and a dispute kept by an admin, when the disputes are listed, then the buyer and the admin who resolved it are named', async () => {
    const { answer: page } = await givenHistory(
      listPayments,
      anAdmin({ adminId: id(900), username: 'root' }),
      [
        accountOf(buyer, 'ada@example.com', profileNamed(buyer, 'Ada')),
        boost(id(6), buyer, null),
        dispute('dp_1', purchasesSuspended(buyer, 'dp_1'), {
          type: 'BoostPurchasesSuspensionKept',
          data: { userId: buyer, stripeDisputeId: 'dp_1', adminId: id(900), reason: null },
          ...at(NOW, { type: 'admin', id: id(900) }),
        }),
      ],
    )
      .when(new ListPaymentsQuery({ kind: 'dispute', page: 1, pageSize: 25 }))
      .outcome();
    expect(page?.total).toBe(1);
    expect(page?.items[0]).toMatchObject({
      user: { id: buyer, name: 'Ada', email: 'ada@example.com' },
      resolvedBy: 'root',
    });
  });
});
