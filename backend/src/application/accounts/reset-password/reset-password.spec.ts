import { ValidationError } from '../../../domain/shared/errors';
import { TOKEN_MESSAGES } from '../../../domain/user/user.decider';
import { useCase } from '../../../../test/support/use-case-specification';
import { PASSWORD_TOO_COMMON } from '../../shared/password-guessability';
import {
  accountServices,
  anAccount,
  Mailbox,
  passwordResetIssued,
  registered,
  thenReading,
  tokenFor,
  tokenHash,
  userStreamOf,
} from '../testing/account-world';
import { ResetPasswordCommand } from './reset-password.command';
import { ResetPasswordHandler } from './reset-password.handler';

const ann = anAccount(1);
const LINK = tokenFor('reset-1');

describe('reset the password through the mailed link', () => {
  let mail: Mailbox;
  beforeEach(() => {
    mail = new Mailbox();
  });
  const resetPassword = registered(
    useCase((world) => {
      const { account, config, reads } = accountServices(world, mail);
      return thenReading(new ResetPasswordHandler(account, mail, config), () =>
        reads.userSession(ann.sessionToken),
      );
    }),
    ann,
  ).given(userStreamOf(ann), passwordResetIssued(ann, LINK));

  it('given a reset link mailed to an account, when it is used, then the new password is set and every session ends', async () => {
    const reset = resetPassword.when(new ResetPasswordCommand(LINK, 'a new pass 1', 'c'));
    await reset.then(userStreamOf(ann), [
      {
        type: 'PasswordReset',
        data: {
          userId: ann.userId,
          tokenHash: tokenHash(LINK),
          passwordHash: expect.stringMatching(/^\$argon2id\$/) as string,
        },
      },
      {
        type: 'SessionEnded',
        data: {
          userId: ann.userId,
          sessionId: ann.sessionId,
          tokenHash: tokenHash(ann.sessionToken),
          reason: 'password-reset',
        },
      },
    ]);
    expect((await reset.outcome()).answer?.after).toBeNull();
  });

  it('given a reset link mailed to an account, when it is used, then the account is mailed that its password was reset, with the way back in', async () => {
    await resetPassword.when(new ResetPasswordCommand(LINK, 'a new pass 1', 'c')).outcome();
    const sent = mail.lastTo(ann.email);
    expect(sent?.subject).toBe('Your SoleScore password was changed');
    expect(sent?.text).toContain('reset with a link');
    expect(sent?.text).toContain('/forgot-password');
  });

  it('given a reset link, when a common password is chosen with it, then it is refused and the link stays unused', async () => {
    const refused = resetPassword.when(new ResetPasswordCommand(LINK, 'P@ssw0rd', 'c'));
    await refused.thenThrows(ValidationError, PASSWORD_TOO_COMMON);
    expect((await refused.outcome()).appended).toEqual([]);
    expect(mail.sent).toEqual([]);
  });

  it('given an account, when a link it was never mailed is used, then it is refused', () =>
    resetPassword
      .when(new ResetPasswordCommand('x'.repeat(43), 'a new pass 1', 'c'))
      .thenThrows(ValidationError, TOKEN_MESSAGES.resetInvalid));

  it('given a made-up link, when any password comes with it, then the link is refused before the password is judged (the strength check costs time anyone could spend)', () =>
    resetPassword
      .when(new ResetPasswordCommand('y'.repeat(43), 'password1', 'c'))
      .thenThrows(ValidationError, TOKEN_MESSAGES.resetInvalid));
});
