import { useCase } from '../../../../test/support/use-case-specification';
import { anAdmin } from '../../moderation/testing/admin-events';
import { givenHistory, id, NOW } from '../../moderation/testing/admin-use-cases';
import { ListAdminsHandler } from './list-admins.handler';
import { ListAdminsQuery } from './list-admins.query';

describe('listing admins', () => {
  const listAdmins = useCase((world) => new ListAdminsHandler(world.readStore), { now: NOW });

  it('given two admins, when a page of one is listed, then they come oldest first, a page at a time', async () => {
    const { answer: page } = await givenHistory(
      listAdmins,
      anAdmin({ adminId: id(2), username: 'second', createdAt: '2026-11-21T00:00:00.000Z' }),
      anAdmin({ adminId: id(1), username: 'first', createdAt: '2026-11-20T00:00:00.000Z' }),
    )
      .when(new ListAdminsQuery({ page: 1, pageSize: 1 }))
      .outcome();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page?.items.map((admin) => admin.username)).toEqual(['first']);
  });
});
