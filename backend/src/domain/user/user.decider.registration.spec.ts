import { metadataAt } from '../shared/testing/decider-specification';
import {
  ConflictError,
  CredentialChangedError,
  IllegalStateError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../shared/errors';
import { MESSAGES } from './account-rules';
import {
  hash,
  NOW,
  at,
  HOUR,
  PASSWORD_HASH,
  NEW_PASSWORD_HASH,
  register,
  spec,
  registered,
  when,
  signedInElsewhere,
} from './testing/user-history';
import { CHOOSE_PASSWORD_TO_VERIFY, TOKEN_MESSAGES, type UserCommand } from './user.decider';
import type { UserEvent } from './user.events';

describe('user decider', () => {
  describe('registration', () => {
    it('registers the account, issues a 48-hour verification link and starts a 30-day session', () => {
      expect(registered()).toEqual([
        {
          type: 'UserRegistered',
          data: {
            userId: 'u-1',
            email: 'ann@example.com',
            passwordHash: PASSWORD_HASH,
            anonymousUsername: 'SunnyOtter0427',
          },
        },
        {
          type: 'EmailVerificationIssued',
          data: { userId: 'u-1', tokenHash: hash('a'), expiresAt: '2026-03-04T09:00:00.000Z' },
        },
        {
          type: 'SessionStarted',
          data: {
            userId: 'u-1',
            sessionId: 's-1',
            tokenHash: hash('b'),
            expiresAt: '2026-04-01T09:00:00.000Z',
          },
        },
      ]);
    });

    it('refuses to register the same account twice', () => {
      spec.given(registered()).when(register).thenThrows(IllegalStateError);
    });

    it('refuses an email that is not normalised or not plausible', () => {
      for (const email of ['Ann@Example.com', 'no-at-sign', 'a@b', 'a b@example.com']) {
        const command = { ...register, data: { ...register.data, email } } as UserCommand;
        spec.given().when(command).thenThrows(ValidationError, MESSAGES.emailInvalid);
      }
    });

    it('refuses a password that did not arrive hashed', () => {
      const command = {
        ...register,
        data: { ...register.data, passwordHash: 'hunter2hunter2' },
      } as UserCommand;
      spec.given().when(command).thenThrows(ValidationError, 'A password must arrive hashed');
    });

    it('refuses commands for an account that does not exist', () => {
      spec
        .given()
        .when({
          type: 'StartSession',
          data: { sessionId: 's', tokenHash: hash('c'), verifiedPasswordHash: PASSWORD_HASH },
          metadata: metadataAt(NOW),
        })
        .thenThrows(NotFoundError);
    });
  });

  describe('email verification', () => {
    it('verifies the email with an issued, unexpired token', () => {
      expect(
        when(registered(), {
          type: 'VerifyEmail',
          data: { tokenHash: hash('a'), keepSessionId: 's-1', chosenPassword: null },
          metadata: metadataAt(at(HOUR)),
        }),
      ).toEqual([{ type: 'EmailVerified', data: { userId: 'u-1', tokenHash: hash('a') } }]);
    });

    it('refuses an unknown token, such as a session token or another account’s', () => {
      expect(() =>
        when(registered(), {
          type: 'VerifyEmail',
          data: { tokenHash: hash('b'), keepSessionId: 's-1', chosenPassword: null },
          metadata: metadataAt(NOW),
        }),
      ).toThrow(TOKEN_MESSAGES.verificationInvalid);
    });

    it('refuses a token after 48 hours', () => {
      expect(() =>
        when(registered(), {
          type: 'VerifyEmail',
          data: { tokenHash: hash('a'), keepSessionId: 's-1', chosenPassword: null },
          metadata: metadataAt(at(48 * HOUR)),
        }),
      ).toThrow(TOKEN_MESSAGES.verificationExpired);
    });

    it('says the email is verified already when a used link is opened again (a conflict)', () => {
      const history = [
        ...registered(),
        { type: 'EmailVerified', data: { userId: 'u-1', tokenHash: hash('a') } } as UserEvent,
      ];
      const again = () =>
        when(history, {
          type: 'VerifyEmail',
          data: { tokenHash: hash('a'), keepSessionId: null, chosenPassword: null },
          metadata: metadataAt(NOW),
        });
      expect(again).toThrow(TOKEN_MESSAGES.alreadyVerified);
      expect(again).toThrow(ConflictError);
    });

    it('says the email is verified already when an older link is opened afterwards', () => {
      const history: UserEvent[] = [
        ...registered(),
        ...when(registered(), {
          type: 'IssueEmailVerification',
          data: { tokenHash: hash('c') },
          metadata: metadataAt(NOW),
        }),
        { type: 'EmailVerified', data: { userId: 'u-1', tokenHash: hash('c') } },
      ];
      expect(() =>
        when(history, {
          type: 'VerifyEmail',
          data: { tokenHash: hash('a'), keepSessionId: 's-1', chosenPassword: null },
          metadata: metadataAt(NOW),
        }),
      ).toThrow(TOKEN_MESSAGES.alreadyVerified);
    });

    const verify = (data: Partial<Extract<UserCommand, { type: 'VerifyEmail' }>['data']>) =>
      ({
        type: 'VerifyEmail',
        data: { tokenHash: hash('a'), keepSessionId: null, chosenPassword: null, ...data },
        metadata: metadataAt(at(HOUR)),
      }) as UserCommand;
    /** Registered (session s-1), then signed in elsewhere too (session s-2). */
    const signedInTwice = () => [...registered(), ...signedInElsewhere()];
    const chosen = {
      passwordHash: NEW_PASSWORD_HASH,
      session: { sessionId: 's-3', tokenHash: hash('9'), browser: 'Firefox on Linux' },
    };

    it('verifying in a browser signed in to the account keeps that session and ends every other one', () => {
      expect(when(signedInTwice(), verify({ keepSessionId: 's-2' }))).toEqual([
        { type: 'EmailVerified', data: { userId: 'u-1', tokenHash: hash('a') } },
        {
          type: 'SessionEnded',
          data: { userId: 'u-1', sessionId: 's-1', tokenHash: hash('b'), reason: 'email-verified' },
        },
      ]);
    });

    it('verifying with a chosen password replaces the registration’s, ends every session and starts one', () => {
      const events = when(signedInTwice(), verify({ chosenPassword: chosen }));
      expect(events).toEqual([
        { type: 'EmailVerified', data: { userId: 'u-1', tokenHash: hash('a') } },
        { type: 'PasswordChanged', data: { userId: 'u-1', passwordHash: NEW_PASSWORD_HASH } },
        {
          type: 'SessionEnded',
          data: {
            userId: 'u-1',
            sessionId: 's-1',
            tokenHash: hash('b'),
            reason: 'password-changed',
          },
        },
        {
          type: 'SessionEnded',
          data: {
            userId: 'u-1',
            sessionId: 's-2',
            tokenHash: hash('f'),
            reason: 'password-changed',
          },
        },
        {
          type: 'SessionStarted',
          data: {
            userId: 'u-1',
            sessionId: 's-3',
            tokenHash: hash('9'),
            expiresAt: '2026-04-01T10:00:00.000Z',
            browser: 'Firefox on Linux',
          },
        },
      ]);
      const after = [...signedInTwice(), ...events];
      expect(spec.given(...after).state()).toMatchObject({
        emailVerified: true,
        passwordHash: NEW_PASSWORD_HASH,
        sessions: [{ sessionId: 's-3' }],
      });
      // Whoever registered with the first password can no longer sign in with it.
      spec
        .given(after)
        .when({
          type: 'StartSession',
          data: { sessionId: 's-4', tokenHash: hash('c'), verifiedPasswordHash: PASSWORD_HASH },
          metadata: metadataAt(at(HOUR)),
        })
        .thenThrows(CredentialChangedError);
    });

    it('asks for a password where the account is not signed in, and uses nothing up', () => {
      for (const keepSessionId of [null, 's-gone']) {
        spec
          .given(signedInTwice())
          .when(verify({ keepSessionId }))
          .thenThrows(UnauthenticatedError, CHOOSE_PASSWORD_TO_VERIFY);
      }
      // The same link still works once a password is chosen.
      expect(when(signedInTwice(), verify({ chosenPassword: chosen }))[0]).toEqual({
        type: 'EmailVerified',
        data: { userId: 'u-1', tokenHash: hash('a') },
      });
    });

    it('checks the link before asking for a password', () => {
      expect(() => when(signedInTwice(), verify({ tokenHash: hash('b') }))).toThrow(
        TOKEN_MESSAGES.verificationInvalid,
      );
    });

    it('refuses a chosen password that did not arrive hashed', () => {
      spec
        .given(signedInTwice())
        .when(verify({ chosenPassword: { ...chosen, passwordHash: 'hunter2hunter2' } }))
        .thenThrows(ValidationError, 'A password must arrive hashed');
    });

    it('issues no new verification once the email is verified', () => {
      const history = [
        ...registered(),
        { type: 'EmailVerified', data: { userId: 'u-1', tokenHash: hash('a') } } as UserEvent,
      ];
      expect(
        when(history, {
          type: 'IssueEmailVerification',
          data: { tokenHash: hash('d') },
          metadata: metadataAt(NOW),
        }),
      ).toEqual([]);
    });
  });
});
