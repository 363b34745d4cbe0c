import { useCase } from '../../../../test/support/use-case-specification';
import { accountOf, at, profileNamed } from '../testing/admin-events';
import { givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ListUsersHandler } from './list-users.handler';
import { ListUsersQuery } from './list-users.query';

describe('listing accounts', () => {
  const page = { page: 1, pageSize: 25 };
  /** An account registered on `day` (its events then). */
  const registeredOn = (day: string, ...args: Parameters<typeof accountOf>) => {
    const [streamId, registered, ...then] = accountOf(...args);
    return [streamId, { ...registered, ...at(`2026-11-${day}T00:00:00.000Z`) }, ...then] as const;
  };
  const listUsers = givenHistory(
    useCase((world) => new ListUsersHandler(world.readStore), { now: NOW }),
    [
      registeredOn('20', id(1), 'ada@example.com', {
        type: 'UserAdminFlagChanged',
        data: { userId: id(1), isAdmin: true },
      }),
      registeredOn('21', id(2), 'bob@example.com', profileNamed(id(2), 'Ada fan')),
      registeredOn('22', id(3), 'cy@example.com'),
    ],
  );

  it('given three accounts, when searched for "ADA", then email and both names are searched', async () => {
    const { answer: found } = await listUsers
      .when(new ListUsersQuery('ADA', 'all', page))
      .outcome();
    expect(found?.items.map((user) => user._id)).toEqual([id(2), id(1)]);
  });

  it('given three accounts, one of them staff, when "admins" are listed, then only the staff account is kept', async () => {
    const { answer: admins } = await listUsers
      .when(new ListUsersQuery(undefined, 'admins', page))
      .outcome();
    expect(admins?.items.map((user) => user._id)).toEqual([id(1)]);
  });
});
