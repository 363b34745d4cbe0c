import { useCase } from '../../../../test/support/use-case-specification';
import { boostStreamId } from '../../../domain/boost/boost.decider';
import { postStreamId } from '../../../domain/post/post.decider';
import { ValidationError } from '../../../domain/shared/errors';
import { anAdmin, at, boostPurchased, byAdmin, post } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ListAuditHandler } from './list-audit.handler';
import { ListAuditQuery } from './list-audit.query';

describe('the audit log', () => {
  const listAudit = useCase((world) => new ListAuditHandler(adminServices(world).reads), {
    now: NOW,
  });
  const page = { page: 1, pageSize: 25 };
  const approvedOn = (postId: string, day: string) => ({
    type: 'PostApproved',
    data: { postId, authorId: id(2) },
    ...at(`${day}T10:00:00.000Z`, byAdmin(id(900))),
  });
  const stripe = { type: 'stripe' as const, id: 'evt_1' };

  it('given actions of an admin, of Stripe and of the admin on three days, when two days are listed, then admin actors are named by username and other actors keep their ids', async () => {
    const { answer } = await givenHistory(
      listAudit,
      anAdmin({ adminId: id(900), username: 'root' }),
      [post(id(1), id(2)), post(id(3), id(2))],
      [
        [postStreamId(id(1)), approvedOn(id(1), '2026-11-20')],
        [
          boostStreamId(id(6)),
          { ...boostPurchased(id(6), id(2)), ...at('2026-11-21T10:00:00.000Z', stripe) },
        ],
        [postStreamId(id(3)), approvedOn(id(3), '2026-11-22')],
      ],
    )
      .when(new ListAuditQuery({ from: '2026-11-20', to: '2026-11-21' }, page))
      .outcome();
    expect(answer?.items.map((row) => [row.entry.kind, row.actorName])).toEqual([
      ['BoostPurchased', 'evt_1'],
      ['PostApproved', 'root'],
    ]);
  });

  it('given nothing, when a day that is no date is asked for, then it is refused', () =>
    listAudit
      .when(new ListAuditQuery({ from: '2026-13-01' }, page))
      .thenThrows(ValidationError, 'from must be a date (YYYY-MM-DD)'));
});
