import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { LogInCommand } from './sign-in.command';
import { INVALID_LOGIN, LogInHandler } from './sign-in.handler';

describe('sign in', () => {
  let given: AccountUseCases;
  let handler: LogInHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new LogInHandler(
      given.eventStore,
      given.hasher,
      given.clock,
      given.reads,
      given.keys,
      given.keyedHasher,
    );
  });
  afterEach(() => given.close());

  it('starts a session for the right password', async () => {
    const account = await given.register();
    const { user, sessionToken } = await handler.execute(
      new LogInCommand(account.email, account.password, 'c', 'Safari on iOS'),
    );
    expect(user._id).toBe(account.userId);
    expect(sessionToken).not.toBe(account.sessionToken);
    expect(await given.reads.userSession(sessionToken)).toMatchObject({ userId: account.userId });
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('SessionStarted');
  });

  it('refuses a wrong password and an unknown email alike, recording nothing', async () => {
    const account = await given.register();
    const before = await given.eventTypes(account.userId);
    for (const [email, password] of [
      [account.email, 'not the password'],
      ['nobody@example.com', account.password],
    ]) {
      await expect(handler.execute(new LogInCommand(email, password, 'c'))).rejects.toThrow(
        INVALID_LOGIN,
      );
    }
    expect(await given.eventTypes(account.userId)).toEqual(before);
  });
});
