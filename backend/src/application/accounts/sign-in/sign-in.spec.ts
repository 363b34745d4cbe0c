import { specKeyedHasher } from '../../../../test/support/account-adapters';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { accountServices, anAccount, registered, userStreamOf } from '../testing/account-world';
import { LogInCommand } from './sign-in.command';
import { INVALID_LOGIN, InvalidLoginError, LogInHandler } from './sign-in.handler';

const ann = anAccount(1);

/** Signs in, then reads the session the answer's token opens. */
const signIn = useCase((world) => {
  const { writes, hasher, reads, keys } = accountServices(world);
  const handler = new LogInHandler(writes, hasher, reads, keys, specKeyedHasher);
  return {
    execute: async (command: LogInCommand) => {
      const signedIn = await handler.execute(command);
      return { ...signedIn, session: await reads.userSession(signedIn.sessionToken) };
    },
  };
});

describe('sign in', () => {
  it('given a registered account, when it signs in with the right password, then a new session is started as the account and the answer opens it', async () => {
    const signedIn = registered(signIn, ann).when(
      new LogInCommand(ann.email.toUpperCase(), ann.password, 'c-1', 'Safari on iOS'),
    );
    await signedIn.then(userStreamOf(ann), [
      {
        type: 'SessionStarted',
        data: expect.objectContaining({ userId: ann.userId, browser: 'Safari on iOS' }),
        metadata: {
          actor: { type: 'user', id: ann.userId },
          correlationId: 'c-1',
          causationId: 'c-1',
          at: SPEC_NOW,
        },
      },
    ]);
    const { answer } = await signedIn.outcome();
    expect(answer?.user._id).toBe(ann.userId);
    expect(answer?.sessionToken).not.toBe(ann.sessionToken);
    expect(answer?.session).toMatchObject({ userId: ann.userId });
  });

  it('given a registered account, when a wrong password or an unknown email signs in, then both are refused alike and nothing is recorded', async () => {
    for (const [email, password] of [
      [ann.email, 'not the password'],
      ['nobody@example.com', ann.password],
    ]) {
      const refused = registered(signIn, ann).when(new LogInCommand(email, password, 'c'));
      await refused.thenThrows(InvalidLoginError, INVALID_LOGIN);
      expect((await refused.outcome()).appended).toEqual([]);
    }
  });

  it('given an address that is not an email, when it signs in, then it is refused as a wrong password', () =>
    registered(signIn, ann)
      .when(new LogInCommand('not an address', ann.password, 'c'))
      .thenThrows(InvalidLoginError, INVALID_LOGIN));
});
