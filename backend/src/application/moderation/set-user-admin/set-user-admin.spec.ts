import { useCase } from '../../../../test/support/use-case-specification';
import { NotFoundError } from '../../../domain/shared/errors';
import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import { accountStreams } from '../../accounts/account-secrets';
import { account } from '../testing/admin-events';
import { ADMIN, adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { SetUserAdminCommand } from './set-user-admin.command';
import { SetUserAdminHandler } from './set-user-admin.handler';

describe('giving or taking the staff flag', () => {
  const setUserAdmin = useCase((world) => new SetUserAdminHandler(adminServices(world).writes), {
    now: NOW,
  });
  const user = id(2);

  it('given an account, when an admin gives it the staff flag, then the flag is on the account’s stream', () =>
    givenHistory(setUserAdmin, [account(user)])
      .when(new SetUserAdminCommand(ADMIN, user, true))
      .then(accountStreams.user(user), [
        { type: 'UserAdminFlagChanged', data: { userId: user, isAdmin: true } },
      ]));

  it('given no such account, when an admin gives it the staff flag, then it answers 404', () =>
    givenHistory(setUserAdmin, [account(user)])
      .when(new SetUserAdminCommand(ADMIN, id(3), true))
      .thenThrows(NotFoundError, USER_NOT_FOUND));
});
