import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { ChangePasswordCommand } from './change-password.command';
import { ChangePasswordHandler, CURRENT_PASSWORD_INCORRECT } from './change-password.handler';

describe('change the password', () => {
  let given: AccountUseCases;
  let handler: ChangePasswordHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new ChangePasswordHandler(given.account);
  });
  afterEach(() => given.close());

  it('replaces the password, keeping the session it was changed from', async () => {
    const account = await given.register();
    const { sessionId } = (await given.reads.userSession(account.sessionToken))!;
    await handler.execute(
      new ChangePasswordCommand(account.userId, sessionId, account.password, 'a new pass 1', 'c'),
    );
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('PasswordChanged');
    expect(await given.reads.userSession(account.sessionToken)).not.toBeNull();
  });

  it('refuses a wrong current password, recording nothing', async () => {
    const account = await given.register();
    const before = await given.eventTypes(account.userId);
    await expect(
      handler.execute(
        new ChangePasswordCommand(account.userId, 's', 'a wrong one', 'new pass 12', 'c'),
      ),
    ).rejects.toThrow(CURRENT_PASSWORD_INCORRECT);
    expect(await given.eventTypes(account.userId)).toEqual(before);
  });
});
