import { TOKEN_MESSAGES } from '../../../domain/user/user.decider';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { RequestPasswordResetCommand } from '../request-password-reset/request-password-reset.command';
import { RequestPasswordResetHandler } from '../request-password-reset/request-password-reset.handler';
import { PASSWORD_TOO_COMMON } from '../../shared/password-guessability';
import { ResetPasswordCommand } from './reset-password.command';
import { ResetPasswordHandler } from './reset-password.handler';

describe('reset the password through the mailed link', () => {
  let given: AccountUseCases;
  let handler: ResetPasswordHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new ResetPasswordHandler(given.account, given.mail, given.config);
  });
  afterEach(() => given.close());

  async function resetLinkOf(email: string): Promise<string> {
    await new RequestPasswordResetHandler(given.links).execute(
      new RequestPasswordResetCommand(email, 'c'),
    );
    while (!given.sent.some((mail) => mail.to === email && mail.text.includes('reset-password'))) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    return given.mailedToken(email);
  }

  it('sets the new password and ends every session', async () => {
    const account = await given.register();
    await handler.execute(
      new ResetPasswordCommand(await resetLinkOf(account.email), 'a new pass 1', 'c'),
    );
    expect(await given.eventTypes(account.userId)).toEqual(
      expect.arrayContaining(['PasswordReset', 'SessionEnded']),
    );
    expect(await given.reads.userSession(account.sessionToken)).toBeNull();
  });

  it('mails the account that its password was reset, with the way back in', async () => {
    const account = await given.register();
    await handler.execute(
      new ResetPasswordCommand(await resetLinkOf(account.email), 'a new pass 1', 'c'),
    );
    const mail = given.sent.filter((m) => m.to === account.email).at(-1);
    expect(mail?.subject).toBe('Your SoleScore password was changed');
    expect(mail?.text).toContain('reset with a link');
    expect(mail?.text).toContain('/forgot-password');
  });

  it('refuses a common password, leaving the link usable', async () => {
    const account = await given.register();
    const token = await resetLinkOf(account.email);
    await expect(handler.execute(new ResetPasswordCommand(token, 'P@ssw0rd', 'c'))).rejects.toThrow(
      PASSWORD_TOO_COMMON,
    );
    await handler.execute(new ResetPasswordCommand(token, 'a new pass 1', 'c'));
  });

  it('refuses a link it never issued', async () => {
    await expect(
      handler.execute(new ResetPasswordCommand('x'.repeat(43), 'a new pass 1', 'c')),
    ).rejects.toThrow(TOKEN_MESSAGES.resetInvalid);
  });
});
