import { ValidationError } from '../../../domain/shared/errors';
import { sessionStarted } from '../../../domain/user/user-credentials';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { PASSWORD_ONLY_SPACES, PASSWORD_TOO_COMMON } from '../../shared/password-guessability';
import {
  accountServices,
  anAccount,
  Mailbox,
  registered,
  thenReading,
  tokenFor,
  tokenHash,
  userStreamOf,
} from '../testing/account-world';
import { ChangePasswordCommand } from './change-password.command';
import { ChangePasswordHandler, CURRENT_PASSWORD_INCORRECT } from './change-password.handler';

const ann = anAccount(1);
const NEW_HASH = expect.stringMatching(/^\$argon2id\$/) as string;
const change = (currentPassword: string, newPassword: string) =>
  new ChangePasswordCommand(ann.userId, ann.sessionId, currentPassword, newPassword, 'c');

describe('change the password', () => {
  let mail: Mailbox;
  beforeEach(() => {
    mail = new Mailbox();
  });
  const changePassword = registered(
    useCase((world) => {
      const { account, config } = accountServices(world, mail);
      return new ChangePasswordHandler(account, mail, config);
    }),
    ann,
  );

  it('given an account, when it changes its password, then the password is replaced and the session it was changed from stays', async () => {
    const changed = registered(
      useCase((world) => {
        const { account, config, reads } = accountServices(world, mail);
        return thenReading(new ChangePasswordHandler(account, mail, config), () =>
          reads.userSession(ann.sessionToken),
        );
      }),
      ann,
    ).when(change(ann.password, 'a new pass 1'));
    await changed.then(userStreamOf(ann), [
      { type: 'PasswordChanged', data: { userId: ann.userId, passwordHash: NEW_HASH } },
    ]);
    expect((await changed.outcome()).answer?.after).toMatchObject({ sessionId: ann.sessionId });
  });

  it('given an account signed in in another browser too, when it changes its password, then that other session ends', () =>
    changePassword
      .given(
        userStreamOf(ann),
        sessionStarted(
          ann.userId,
          { sessionId: 's-other', tokenHash: tokenHash(tokenFor('x')) },
          new Date(SPEC_NOW),
        ),
      )
      .when(change(ann.password, 'a new pass 1'))
      .then(userStreamOf(ann), [
        { type: 'PasswordChanged', data: { userId: ann.userId, passwordHash: NEW_HASH } },
        {
          type: 'SessionEnded',
          data: {
            userId: ann.userId,
            sessionId: 's-other',
            tokenHash: tokenHash(tokenFor('x')),
            reason: 'password-changed',
          },
        },
      ]));

  it('given a verified account, when it changes its password, then it is mailed that its password was changed, with the way back in', async () => {
    await changePassword
      .given(userStreamOf(ann), {
        type: 'EmailVerified',
        data: { userId: ann.userId, tokenHash: tokenHash(ann.verificationToken) },
      })
      .when(change(ann.password, 'a new pass 1'))
      .outcome();
    const sent = mail.lastTo(ann.email);
    expect(sent?.subject).toBe('Your SoleScore password was changed');
    expect(sent?.text).toContain('/forgot-password');
    expect(sent?.text).not.toContain('a new pass 1');
  });

  it('given an account whose address nobody proved, when it changes its password, then the address is not mailed', async () => {
    await changePassword.when(change(ann.password, 'a new pass 1')).outcome();
    expect(mail.sent).toEqual([]);
  });

  it.each([
    ['password', PASSWORD_TOO_COMMON],
    ['12345678', PASSWORD_TOO_COMMON],
    ['        ', PASSWORD_ONLY_SPACES],
  ])(
    'given an account, when the new password is %j, then it is refused, changing and mailing nothing',
    async (newPassword, message) => {
      const refused = changePassword.when(change(ann.password, newPassword));
      await refused.thenThrows(ValidationError, message);
      expect((await refused.outcome()).appended).toEqual([]);
      expect(mail.sent).toEqual([]);
    },
  );

  it('given an account, when the current password given is wrong, then it is refused, recording and mailing nothing', async () => {
    const refused = changePassword.when(change('a wrong one', 'new pass 12'));
    await refused.thenThrows(ValidationError, CURRENT_PASSWORD_INCORRECT);
    expect((await refused.outcome()).appended).toEqual([]);
    expect(mail.sent).toEqual([]);
  });
});
