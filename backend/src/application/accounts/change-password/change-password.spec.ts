import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { PASSWORD_ONLY_SPACES, PASSWORD_TOO_COMMON } from '../../shared/password-guessability';
import { ChangePasswordCommand } from './change-password.command';
import { ChangePasswordHandler, CURRENT_PASSWORD_INCORRECT } from './change-password.handler';

describe('change the password', () => {
  let given: AccountUseCases;
  let handler: ChangePasswordHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new ChangePasswordHandler(given.account, given.mail, given.config);
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

  it('mails the account that its password was changed, with the way back in', async () => {
    const account = await given.register();
    const { sessionId } = (await given.reads.userSession(account.sessionToken))!;
    await handler.execute(
      new ChangePasswordCommand(account.userId, sessionId, account.password, 'a new pass 1', 'c'),
    );
    const mail = given.sent.filter((m) => m.to === account.email).at(-1);
    expect(mail?.subject).toBe('Your SoleScore password was changed');
    expect(mail?.text).toContain('/forgot-password');
    expect(mail?.text).not.toContain('a new pass 1');
  });

  it('refuses a common new password or one of spaces only, changing and mailing nothing', async () => {
    const account = await given.register();
    const { sessionId } = (await given.reads.userSession(account.sessionToken))!;
    const before = await given.eventTypes(account.userId);
    const mails = given.sent.length;
    for (const [newPassword, message] of [
      ['password', PASSWORD_TOO_COMMON],
      ['12345678', PASSWORD_TOO_COMMON],
      ['        ', PASSWORD_ONLY_SPACES],
    ]) {
      await expect(
        handler.execute(
          new ChangePasswordCommand(account.userId, sessionId, account.password, newPassword, 'c'),
        ),
      ).rejects.toThrow(message);
    }
    expect(await given.eventTypes(account.userId)).toEqual(before);
    expect(given.sent).toHaveLength(mails);
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
