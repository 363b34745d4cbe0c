import { useCase } from '../../../../test/support/use-case-specification';
import { NotFoundError } from '../../../domain/shared/errors';
import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import { account } from '../testing/admin-events';
import { givenHistory, id, NOW } from '../testing/admin-use-cases';
import { GetAdminUserHandler } from './get-admin-user.handler';
import { GetAdminUserQuery } from './get-admin-user.query';

describe('one account for the back office', () => {
  const getAdminUser = givenHistory(
    useCase((world) => new GetAdminUserHandler(world.readStore), { now: NOW }),
    [account(id(1), { type: 'UserSuspended', data: { userId: id(1), reason: 'Spam' } })],
  );

  it('given a suspended account, when an admin asks for it, then the account is answered', async () => {
    const { answer } = await getAdminUser.when(new GetAdminUserQuery(id(1))).outcome();
    expect(answer).toMatchObject({ _id: id(1), status: 'suspended', statusReason: 'Spam' });
  });

  it('given no such account, when an admin asks for it, then it answers 404', () =>
    getAdminUser.when(new GetAdminUserQuery(id(2))).thenThrows(NotFoundError, USER_NOT_FOUND));
});
