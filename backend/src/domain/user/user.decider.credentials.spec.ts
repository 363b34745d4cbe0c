import { metadataAt } from '../shared/testing/decider-specification';
import { CredentialChangedError } from '../shared/errors';
import {
  hash,
  NOW,
  at,
  HOUR,
  PASSWORD_HASH,
  NEW_PASSWORD_HASH,
  spec,
  registered,
  when,
  passwordResetIssued,
  signedInElsewhere,
} from './testing/user-history';
import { ACCOUNT_BANNED, TOKEN_MESSAGES, type UserCommand } from './user.decider';
import type { UserEvent } from './user.events';

describe('user decider', () => {
  describe('password reset', () => {
    const withReset = () => [...registered(), ...passwordResetIssued()];

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
      const state = spec.given(...withReset(), ...later).state();
      expect(state.status === 'registered' && state.resetTokens.map((t) => t.tokenHash)).toEqual([
        hash('7'),
      ]);
      // Within its hour a link is kept beside the new one (superseded on use).
      const soon = when(withReset(), {
        type: 'IssuePasswordReset',
        data: { tokenHash: hash('8') },
        metadata: metadataAt(at(HOUR / 2)),
      });
      const both = spec.given(...withReset(), ...soon).state();
      expect(both.status === 'registered' && both.resetTokens).toHaveLength(2);
    });

    it('mails no link to a banned account, and a link mailed before the ban sets nothing', () => {
      const ban: UserEvent = {
        type: 'UserBanned',
        data: { userId: 'u-1', reason: 'Spam', postIds: [], commentIds: [] },
      };
      expect(
        when([...registered(), ban], {
          type: 'IssuePasswordReset',
          data: { tokenHash: hash('7') },
          metadata: metadataAt(at(0)),
        }),
      ).toEqual([]);
      expect(() =>
        when([...withReset(), ban], {
          type: 'ResetPassword',
          data: { tokenHash: hash('e'), passwordHash: NEW_PASSWORD_HASH },
          metadata: metadataAt(at(HOUR - 1)),
        }),
      ).toThrow(ACCOUNT_BANNED);
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
    const twoSessions = () => [...registered(), ...signedInElsewhere()];

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
      expect(spec.given(...twoSessions(), ...events).state()).toMatchObject({
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
});
