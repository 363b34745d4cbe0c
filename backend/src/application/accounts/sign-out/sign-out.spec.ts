import { NotFoundError } from '../../../domain/shared/errors';
import { useCase } from '../../../../test/support/use-case-specification';
import {
  accountServices,
  anAccount,
  registered,
  sessionEnded,
  thenReading,
  userStreamOf,
} from '../testing/account-world';
import { LogOutCommand } from './sign-out.command';
import { LogOutHandler } from './sign-out.handler';

const ann = anAccount(1);

describe('sign out', () => {
  const signOut = registered(
    useCase((world) => {
      const { account, reads } = accountServices(world);
      return thenReading(new LogOutHandler(account), () => reads.userSession(ann.sessionToken));
    }),
    ann,
  );

  it('given a signed-in account, when it signs out, then the session ends at once', async () => {
    const signedOut = signOut.when(new LogOutCommand(ann.userId, ann.sessionId, 'c'));
    await signedOut.then(userStreamOf(ann), [sessionEnded(ann, 'logout')]);
    expect((await signedOut.outcome()).answer?.after).toBeNull();
  });

  it('given a session ended already, when the account signs out again, then nothing changes', () =>
    signOut
      .given(userStreamOf(ann), sessionEnded(ann, 'logout'))
      .when(new LogOutCommand(ann.userId, ann.sessionId, 'c'))
      .thenNothing());

  it('given an account, when it ends from its list of browsers a session it does not hold, then it is refused as not found', () =>
    signOut
      .when(new LogOutCommand(ann.userId, 'no-such-session', 'c', true))
      .thenThrows(NotFoundError));
});
