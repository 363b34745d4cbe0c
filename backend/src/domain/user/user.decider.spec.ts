import { fold } from '../shared/decider';
import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import {
  ConflictError,
  CredentialChangedError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../shared/errors';
import { MESSAGES } from './account-rules';
import {
  ACCOUNT_BANNED,
  ACCOUNT_SUSPENDED,
  CHOOSE_PASSWORD_TO_VERIFY,
  NOT_RESTRICTED,
  TOKEN_MESSAGES,
  userDecider as decider,
  type UserCommand,
} from './user.decider';
import type { UserEvent } from './user.events';

const hash = (c: string) => c.repeat(64).slice(0, 64);
const NOW = new Date('2026-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 60 * 60 * 1000;
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const NEW_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bmV3';

const register: UserCommand = {
  type: 'Register',
  data: {
    userId: 'u-1',
    email: 'ann@example.com',
    passwordHash: PASSWORD_HASH,
    anonymousUsername: 'SunnyOtter0427',
    verificationTokenHash: hash('a'),
    sessionId: 's-1',
    sessionTokenHash: hash('b'),
  },
  metadata: metadataAt(NOW),
};

const given = (...events: UserEvent[]) => fold(decider, events);
const spec = deciderSpecification(decider);
const registered = () => spec.given().when(register).events();
const when = (history: UserEvent[], command: UserCommand) =>
  spec.given(history).when(command).events();

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

    it('refuses a token used once already', () => {
      const history = [
        ...registered(),
        { type: 'EmailVerified', data: { userId: 'u-1', tokenHash: hash('a') } } as UserEvent,
      ];
      expect(() =>
        when(history, {
          type: 'VerifyEmail',
          data: { tokenHash: hash('a'), keepSessionId: 's-1', chosenPassword: null },
          metadata: metadataAt(NOW),
        }),
      ).toThrow(TOKEN_MESSAGES.verificationUsed);
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
    const signedInTwice = () => [
      ...registered(),
      ...when(registered(), {
        type: 'StartSession',
        data: { sessionId: 's-2', tokenHash: hash('f'), verifiedPasswordHash: PASSWORD_HASH },
        metadata: metadataAt(NOW),
      }),
    ];
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
      expect(given(...after)).toMatchObject({
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

  describe('password reset', () => {
    const withReset = () => [
      ...registered(),
      ...when(registered(), {
        type: 'IssuePasswordReset',
        data: { tokenHash: hash('e') },
        metadata: metadataAt(NOW),
      }),
    ];

    it('forgets links past their time when a new one is issued, so state stays small', () => {
      const later = when(withReset(), {
        type: 'IssuePasswordReset',
        data: { tokenHash: hash('7') },
        metadata: metadataAt(at(2 * HOUR)),
      });
      expect(later[0]).toEqual({
        type: 'ExpiredLinksForgotten',
        data: { userId: 'u-1', tokenHashes: [hash('e')] },
      });
      const state = given(...withReset(), ...later);
      expect(state.status === 'registered' && state.resetTokens.map((t) => t.tokenHash)).toEqual([
        hash('7'),
      ]);
      // Within its hour a link is kept beside the new one (superseded on use).
      const soon = when(withReset(), {
        type: 'IssuePasswordReset',
        data: { tokenHash: hash('8') },
        metadata: metadataAt(at(HOUR / 2)),
      });
      const both = given(...withReset(), ...soon);
      expect(both.status === 'registered' && both.resetTokens).toHaveLength(2);
    });

    it('issues a reset link valid for one hour', () => {
      expect(withReset().at(-1)).toEqual({
        type: 'PasswordResetIssued',
        data: { userId: 'u-1', tokenHash: hash('e'), expiresAt: '2026-03-02T10:00:00.000Z' },
      });
    });

    it('resets the password and ends every session', () => {
      expect(
        when(withReset(), {
          type: 'ResetPassword',
          data: { tokenHash: hash('e'), passwordHash: NEW_PASSWORD_HASH },
          metadata: metadataAt(at(HOUR - 1)),
        }),
      ).toEqual([
        {
          type: 'PasswordReset',
          data: { userId: 'u-1', tokenHash: hash('e'), passwordHash: NEW_PASSWORD_HASH },
        },
        {
          type: 'SessionEnded',
          data: { userId: 'u-1', sessionId: 's-1', tokenHash: hash('b'), reason: 'password-reset' },
        },
      ]);
    });

    it('refuses an expired, reused or unknown reset token', () => {
      const reset = (tokenHash: string, now: Date) =>
        ({
          type: 'ResetPassword',
          data: { tokenHash, passwordHash: NEW_PASSWORD_HASH },
          metadata: metadataAt(now),
        }) as UserCommand;
      expect(() => when(withReset(), reset(hash('e'), at(HOUR)))).toThrow(
        TOKEN_MESSAGES.resetExpired,
      );
      expect(() => when(withReset(), reset(hash('a'), NOW))).toThrow(TOKEN_MESSAGES.resetInvalid);
      const used = [...withReset(), ...when(withReset(), reset(hash('e'), NOW))];
      expect(() => when(used, reset(hash('e'), NOW))).toThrow(TOKEN_MESSAGES.resetUsed);
    });

    it('voids a reset link asked for before a password change', () => {
      const changed = [
        ...withReset(),
        { type: 'PasswordChanged', data: { userId: 'u-1', passwordHash: NEW_PASSWORD_HASH } },
      ] as UserEvent[];
      expect(() =>
        when(changed, {
          type: 'ResetPassword',
          data: { tokenHash: hash('e'), passwordHash: PASSWORD_HASH },
          metadata: metadataAt(NOW),
        }),
      ).toThrow(TOKEN_MESSAGES.resetInvalid);
    });
  });

  describe('sessions and password change', () => {
    const twoSessions = () => [
      ...registered(),
      ...when(registered(), {
        type: 'StartSession',
        data: { sessionId: 's-2', tokenHash: hash('f'), verifiedPasswordHash: PASSWORD_HASH },
        metadata: metadataAt(NOW),
      }),
    ];

    it('ends the sessions past their time when the account next signs in, so state stays small', () => {
      const later = new Date(NOW.getTime() + 31 * 24 * HOUR);
      const events = when(twoSessions(), {
        type: 'StartSession',
        data: {
          sessionId: 's-3',
          tokenHash: hash('9'),
          browser: 'Firefox on Linux',
          verifiedPasswordHash: PASSWORD_HASH,
        },
        metadata: metadataAt(later),
      });
      expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
        ['SessionEnded', 'expired'],
        ['SessionEnded', 'expired'],
        ['SessionStarted', undefined],
      ]);
      expect(events[2].data).toMatchObject({ sessionId: 's-3', browser: 'Firefox on Linux' });
      expect(given(...twoSessions(), ...events)).toMatchObject({
        sessions: [{ sessionId: 's-3' }],
      });
    });

    it('ends a session from the account’s list of browsers', () => {
      expect(
        when(twoSessions(), {
          type: 'EndSession',
          data: { sessionId: 's-2', reason: 'ended-elsewhere' },
        }),
      ).toEqual([
        {
          type: 'SessionEnded',
          data: {
            userId: 'u-1',
            sessionId: 's-2',
            tokenHash: hash('f'),
            reason: 'ended-elsewhere',
          },
        },
      ]);
    });

    it('ends one session at logout, and nothing when it has ended already', () => {
      const ended = when(twoSessions(), { type: 'EndSession', data: { sessionId: 's-2' } });
      expect(ended).toEqual([
        {
          type: 'SessionEnded',
          data: { userId: 'u-1', sessionId: 's-2', tokenHash: hash('f'), reason: 'logout' },
        },
      ]);
      expect(
        when([...twoSessions(), ...ended], { type: 'EndSession', data: { sessionId: 's-2' } }),
      ).toEqual([]);
    });

    it('changes the password and ends the other sessions, keeping the current one', () => {
      expect(
        when(twoSessions(), {
          type: 'ChangePassword',
          data: {
            passwordHash: NEW_PASSWORD_HASH,
            keepSessionId: 's-2',
            verifiedPasswordHash: PASSWORD_HASH,
          },
        }),
      ).toEqual([
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
      ]);
    });

    it('refuses a sign-in whose checked password was replaced meanwhile, however it was replaced', () => {
      const signIn = (verifiedPasswordHash: string): UserCommand => ({
        type: 'StartSession',
        data: { sessionId: 's-9', tokenHash: hash('c'), verifiedPasswordHash },
        metadata: metadataAt(NOW),
      });
      const resetIssued = when(twoSessions(), {
        type: 'IssuePasswordReset',
        data: { tokenHash: hash('e') },
        metadata: metadataAt(NOW),
      });
      const replaced: UserEvent[][] = [
        when(twoSessions(), {
          type: 'ChangePassword',
          data: {
            passwordHash: NEW_PASSWORD_HASH,
            keepSessionId: 's-2',
            verifiedPasswordHash: PASSWORD_HASH,
          },
        }),
        [
          ...resetIssued,
          ...when([...twoSessions(), ...resetIssued], {
            type: 'ResetPassword',
            data: { tokenHash: hash('e'), passwordHash: NEW_PASSWORD_HASH },
            metadata: metadataAt(NOW),
          }),
        ],
      ];
      for (const events of replaced) {
        const history = [...twoSessions(), ...events];
        spec.given(history).when(signIn(PASSWORD_HASH)).thenThrows(CredentialChangedError);
        expect(when(history, signIn(NEW_PASSWORD_HASH)).at(-1)).toMatchObject({
          type: 'SessionStarted',
          data: { sessionId: 's-9' },
        });
      }
    });

    it('refuses a password change whose current password was replaced after it was checked', () => {
      const changed = [
        ...twoSessions(),
        { type: 'PasswordChanged', data: { userId: 'u-1', passwordHash: NEW_PASSWORD_HASH } },
      ] as UserEvent[];
      spec
        .given(changed)
        .when({
          type: 'ChangePassword',
          data: {
            passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$dGhpcmQ',
            keepSessionId: 's-2',
            verifiedPasswordHash: PASSWORD_HASH,
          },
        })
        .thenThrows(CredentialChangedError);
    });

    it('refuses a password change from a session that has ended meanwhile', () => {
      expect(() =>
        when(twoSessions(), {
          type: 'ChangePassword',
          data: {
            passwordHash: NEW_PASSWORD_HASH,
            keepSessionId: 's-gone',
            verifiedPasswordHash: PASSWORD_HASH,
          },
        }),
      ).toThrow('Your session has ended. Please sign in again.');
    });
  });

  describe('preferences and profile', () => {
    it('records changed email preferences in full, and nothing when unchanged', () => {
      expect(
        when(registered(), {
          type: 'ChangeEmailPreferences',
          data: { emailNotificationsComment: false },
        }),
      ).toEqual([
        {
          type: 'EmailPreferencesChanged',
          data: {
            userId: 'u-1',
            emailNotificationsRating: true,
            emailNotificationsComment: false,
            emailNotificationsAchievements: true,
          },
        },
      ]);
      expect(
        when(registered(), {
          type: 'ChangeEmailPreferences',
          data: { emailNotificationsRating: true },
        }),
      ).toEqual([]);
    });

    it('updates the profile with blanks as null and empty social links left out', () => {
      expect(
        when(registered(), {
          type: 'UpdateProfile',
          data: {
            displayUsername: '  Ann_B  ',
            bio: '   ',
            socialLinks: { instagram: ' @ann ', twitter: '', youtube: 'https://youtube.com/@ann' },
          },
        }),
      ).toEqual([
        {
          type: 'ProfileUpdated',
          data: {
            userId: 'u-1',
            displayUsername: 'Ann_B',
            bio: null,
            socialLinks: { instagram: '@ann', youtube: 'https://youtube.com/@ann' },
          },
        },
      ]);
    });

    it('records nothing when the profile does not change', () => {
      expect(
        when(registered(), {
          type: 'UpdateProfile',
          data: { displayUsername: '', bio: null, socialLinks: { tiktok: '  ' } },
        }),
      ).toEqual([]);
    });

    it.each([
      [{ displayUsername: 'ab' }, 'Display name must be 3 to 30 characters'],
      [{ displayUsername: 'x'.repeat(31) }, 'Display name must be 3 to 30 characters'],
      [{ displayUsername: 'ann smith' }, 'Display name may only contain letters'],
      [{ bio: 'b'.repeat(501) }, 'Bio must be at most 500 characters'],
      [{ socialLinks: ['@ann'] }, 'Social links must be an object'],
      [{ socialLinks: { facebook: 'ann' } }, 'Unknown social link "facebook"'],
      [{ socialLinks: { instagram: 'javascript:alert(1)' } }, 'Instagram link must be a username'],
      [{ socialLinks: { snapchat: `https://x.com/${'a'.repeat(200)}` } }, 'at most 200'],
    ])('refuses the profile change %p', (changes, message) => {
      expect(() => when(registered(), { type: 'UpdateProfile', data: changes })).toThrow(message);
    });

    it('keeps a bio of exactly 500 characters', () => {
      const [event] = when(registered(), { type: 'UpdateProfile', data: { bio: 'b'.repeat(500) } });
      expect(event.type === 'ProfileUpdated' && event.data.bio?.length).toBe(500);
    });

    it('changes the profile picture only to one of our stored images', () => {
      expect(
        when(registered(), {
          type: 'ChangeProfilePicture',
          data: { profilePictureUrl: '/uploads/ab/ab12.thumb.webp' },
        }),
      ).toEqual([
        {
          type: 'ProfilePictureChanged',
          data: { userId: 'u-1', profilePictureUrl: '/uploads/ab/ab12.thumb.webp' },
        },
      ]);
      expect(() =>
        when(registered(), {
          type: 'ChangeProfilePicture',
          data: { profilePictureUrl: 'https://evil.example/x.png' },
        }),
      ).toThrow(ValidationError);
    });
  });

  describe('erasure', () => {
    const erase: UserCommand = { type: 'EraseAccount', data: { archivedWeeks: ['2026-W09'] } };
    const withLinkAndSecondSession = () => [
      ...registered(),
      ...when(registered(), {
        type: 'IssuePasswordReset',
        data: { tokenHash: hash('e') },
        metadata: metadataAt(NOW),
      }),
      ...when(registered(), {
        type: 'StartSession',
        data: { sessionId: 's-2', tokenHash: hash('f'), verifiedPasswordHash: PASSWORD_HASH },
        metadata: metadataAt(NOW),
      }),
    ];

    it('ends every session and erases the account, naming its mailed links and archived weeks', () => {
      expect(when(withLinkAndSecondSession(), erase)).toEqual([
        {
          type: 'SessionEnded',
          data: { userId: 'u-1', sessionId: 's-1', tokenHash: hash('b'), reason: 'account-erased' },
        },
        {
          type: 'SessionEnded',
          data: { userId: 'u-1', sessionId: 's-2', tokenHash: hash('f'), reason: 'account-erased' },
        },
        {
          type: 'AccountErased',
          data: { userId: 'u-1', tokenHashes: [hash('a'), hash('e')], archivedWeeks: ['2026-W09'] },
        },
      ]);
    });

    it('names the reports the account filed, once each, so their reasons go too', () => {
      const [erased] = when(registered(), {
        type: 'EraseAccount',
        data: { archivedWeeks: [], reports: ['rep-2', 'rep-1', 'rep-2'] },
      }).filter((event) => event.type === 'AccountErased');
      expect(erased.data).toMatchObject({ reports: ['rep-1', 'rep-2'] });
    });

    it('records nothing more on an erased account, and a second erasure finds nothing to do', () => {
      const history = withLinkAndSecondSession();
      const erased = [...history, ...when(history, erase)];
      expect(given(...erased)).toEqual({ status: 'erased', userId: 'u-1' });
      expect(when(erased, erase)).toEqual([]);
      expect(() => when(erased, { type: 'EndSession', data: { sessionId: 's-1' } })).toThrow(
        NotFoundError,
      );
      expect(() =>
        when(erased, {
          type: 'StartSession',
          data: { sessionId: 's-3', tokenHash: hash('c'), verifiedPasswordHash: PASSWORD_HASH },
          metadata: metadataAt(NOW),
        }),
      ).toThrow(NotFoundError);
      expect(() => when(erased, register)).toThrow(IllegalStateError);
    });

    it('folds a registration whose personal fields were shredded (read as null) like any other', () => {
      const shredded = registered().map((event) =>
        event.type === 'UserRegistered'
          ? {
              ...event,
              data: { ...event.data, email: null, passwordHash: null, anonymousUsername: null },
            }
          : event,
      ) as unknown as UserEvent[];
      const erasedLater = [
        ...shredded,
        { type: 'AccountErased', data: { userId: 'u-1', tokenHashes: [], archivedWeeks: [] } },
      ] as UserEvent[];
      expect(given(...erasedLater)).toEqual({ status: 'erased', userId: 'u-1' });
    });
  });

  describe('moderation by an admin', () => {
    const signIn: UserCommand = {
      type: 'StartSession',
      data: { sessionId: 's-2', tokenHash: hash('c'), verifiedPasswordHash: PASSWORD_HASH },
      metadata: metadataAt(NOW),
    };
    const ban: UserCommand = {
      type: 'BanUser',
      data: { reason: 'Spam', postIds: ['p-1', 'p-1', 'p-2'], commentIds: ['c-1'] },
    };
    const suspend: UserCommand = { type: 'SuspendUser', data: { reason: 'Cooling off' } };
    const lift: UserCommand = { type: 'LiftRestriction', data: { reason: 'Appeal accepted' } };

    it('gives and takes the staff flag, recording nothing when it does not change', () => {
      const made = when(registered(), { type: 'SetAdminFlag', data: { isAdmin: true } });
      expect(made).toEqual([
        { type: 'UserAdminFlagChanged', data: { userId: 'u-1', isAdmin: true } },
      ]);
      const history = [...registered(), ...made];
      expect(when(history, { type: 'SetAdminFlag', data: { isAdmin: true } })).toEqual([]);
      expect(when(history, { type: 'SetAdminFlag', data: { isAdmin: false } })).toHaveLength(1);
    });

    it('bans with a reason, ends every session and refuses sign-in with a message', () => {
      const banned = when(registered(), ban);
      expect(banned[0]).toEqual({
        type: 'UserBanned',
        data: { userId: 'u-1', reason: 'Spam', postIds: ['p-1', 'p-2'], commentIds: ['c-1'] },
      });
      expect(banned.slice(1)).toEqual([
        {
          type: 'SessionEnded',
          data: { userId: 'u-1', sessionId: 's-1', tokenHash: hash('b'), reason: 'account-banned' },
        },
      ]);
      const history = [...registered(), ...banned];
      expect(() => when(history, signIn)).toThrow(ForbiddenError);
      expect(() => when(history, signIn)).toThrow(ACCOUNT_BANNED);
      expect(() => when(history, ban)).toThrow(ConflictError);
    });

    it('suspends with a reason: sessions end, sign-in is refused, a ban may follow', () => {
      const suspended = when(registered(), suspend);
      expect(suspended[0]).toEqual({
        type: 'UserSuspended',
        data: { userId: 'u-1', reason: 'Cooling off' },
      });
      expect(suspended[1]).toMatchObject({
        type: 'SessionEnded',
        data: { reason: 'account-suspended' },
      });
      const history = [...registered(), ...suspended];
      expect(() => when(history, signIn)).toThrow(ACCOUNT_SUSPENDED);
      expect(() => when(history, suspend)).toThrow(ConflictError);
      expect(when(history, ban)[0].type).toBe('UserBanned');
    });

    it('requires a reason to suspend or ban', () => {
      expect(() => when(registered(), { type: 'SuspendUser', data: { reason: ' ' } })).toThrow(
        ValidationError,
      );
      expect(() =>
        when(registered(), { type: 'BanUser', data: { reason: '', postIds: [], commentIds: [] } }),
      ).toThrow(ValidationError);
    });

    it('lifts a ban with the posts and comments it hid, and then sign-in works again', () => {
      const history = [...registered(), ...when(registered(), ban)];
      const lifted = when(history, lift);
      expect(lifted).toEqual([
        {
          type: 'UserRestrictionLifted',
          data: {
            userId: 'u-1',
            reason: 'Appeal accepted',
            lifted: 'banned',
            postIds: ['p-1', 'p-2'],
            commentIds: ['c-1'],
          },
        },
      ]);
      const after = [...history, ...lifted];
      expect(when(after, signIn).map((e) => e.type)).toContain('SessionStarted');
      expect(() => when(after, lift)).toThrow(NOT_RESTRICTED);
    });
  });

  describe('the hourly sweep', () => {
    const forget = (now: Date): UserCommand => ({
      type: 'ForgetExpired',
      data: {},
      metadata: metadataAt(now),
    });

    it('records nothing while every session and link is within its time', () => {
      spec
        .given(registered())
        .when(forget(at(HOUR)))
        .thenNothing();
    });

    it('ends the sessions and forgets the links past their time, then has nothing left to do', () => {
      // Registered at NOW: the verification link lasts 48 hours, the session 30 days.
      spec
        .given(registered())
        .when(forget(at(48 * HOUR)))
        .then([
          { type: 'ExpiredLinksForgotten', data: { userId: 'u-1', tokenHashes: [hash('a')] } },
        ]);
      const swept = spec
        .given(registered())
        .when(forget(at(30 * 24 * HOUR)))
        .events();
      expect(swept).toEqual([
        { type: 'SessionsExpired', data: { userId: 'u-1', tokenHashes: [hash('b')] } },
        { type: 'ExpiredLinksForgotten', data: { userId: 'u-1', tokenHashes: [hash('a')] } },
      ]);
      expect(given(...registered(), ...swept)).toMatchObject({
        sessions: [],
        verificationTokens: [],
      });
      spec
        .given(registered(), swept)
        .when(forget(at(31 * 24 * HOUR)))
        .thenNothing();
    });

    it('finds nothing to sweep on an erased account, and refuses an unknown one', () => {
      const erased = when(registered(), { type: 'EraseAccount', data: { archivedWeeks: [] } });
      spec
        .given(registered(), erased)
        .when(forget(at(HOUR)))
        .thenNothing();
      spec.given().when(forget(NOW)).thenThrows(NotFoundError);
    });
  });
});
