import { useCase } from '../../../../test/support/use-case-specification';
import { ConflictError } from '../../../domain/shared/errors';
import { accountStreams } from '../../accounts/account-secrets';
import { account, sessionTokenHashOf } from '../testing/admin-events';
import {
  ADMIN,
  adminServices,
  appendedTo,
  givenHistory,
  id,
  lookingAround,
  NOW,
} from '../testing/admin-use-cases';
import { SuspendUserCommand } from './suspend-user.command';
import { SuspendUserHandler } from './suspend-user.handler';

describe('suspending an account', () => {
  const user = id(2);
  const suspendUser = useCase(
    (world) => {
      const { writes, revocations } = adminServices(world);
      return lookingAround(new SuspendUserHandler(writes), () =>
        revocations.isEnded(sessionTokenHashOf(user)),
      );
    },
    { now: NOW },
  );

  it('given an account with a session, when suspended, then it is suspended and its sessions are refused at once', async () => {
    const outcome = await givenHistory(suspendUser, [account(user)])
      .when(new SuspendUserCommand(ADMIN, user, 'Spam'))
      .outcome();
    expect(outcome.answer).toEqual({ before: false, after: true });
    const types = appendedTo(outcome, accountStreams.user(user)).map((event) => event.type);
    expect(types).toContain('UserSuspended');
  });

  it('given a suspended account, when suspended again, then it is refused', () =>
    givenHistory(suspendUser, [
      account(user, { type: 'UserSuspended', data: { userId: user, reason: 'Spam' } }),
    ])
      .when(new SuspendUserCommand(ADMIN, user, 'Again'))
      .thenThrows(ConflictError));
});
