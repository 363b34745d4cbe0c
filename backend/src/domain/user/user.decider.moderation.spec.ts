import { metadataAt } from '../shared/testing/decider-specification';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { hash, NOW, at, HOUR, PASSWORD_HASH, spec, registered, when } from './testing/user-history';
import {
  ACCOUNT_BANNED,
  ACCOUNT_SUSPENDED,
  NOT_RESTRICTED,
  type UserCommand,
} from './user.decider';

describe('user decider', () => {
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

    it('gives back the comment counts the lift is told of, or else those the ban took', () => {
      const counted: UserCommand = {
        type: 'BanUser',
        data: {
          reason: 'Spam',
          postIds: [],
          commentIds: ['c-1', 'c-2'],
          commentsByPost: { 'p-9': 2 },
        },
      };
      const history = [...registered(), ...when(registered(), counted)];
      const told: UserCommand = {
        type: 'LiftRestriction',
        data: { reason: null, commentsByPost: { 'p-9': 1 } },
      };
      expect(when(history, told)[0]).toMatchObject({ data: { commentsByPost: { 'p-9': 1 } } });
      expect(when(history, lift)[0]).toMatchObject({ data: { commentsByPost: { 'p-9': 2 } } });
      const suspended = [...registered(), ...when(registered(), suspend)];
      expect(when(suspended, told)[0]!.data).not.toHaveProperty('commentsByPost');
    });
  });

  describe('a ban reaching what was written as it landed', () => {
    const ban: UserCommand = {
      type: 'BanUser',
      data: { reason: 'Spam', postIds: ['p-1'], commentIds: ['c-1'], commentsByPost: { 'p-9': 1 } },
    };
    const extend = (postIds: string[], comments: [string, string][]): UserCommand => ({
      type: 'ExtendBan',
      data: { postIds, comments: comments.map(([commentId, postId]) => ({ commentId, postId })) },
    });
    const banned = () => [...registered(), ...when(registered(), ban)];

    it('names what the ban did not, counting only those comments by post', () => {
      const extended = when(
        banned(),
        extend(
          ['p-1', 'p-2', 'p-2'],
          [
            ['c-1', 'p-9'],
            ['c-2', 'p-9'],
            ['c-3', 'p-8'],
            ['c-3', 'p-8'],
          ],
        ),
      );
      expect(extended).toEqual([
        {
          type: 'UserBanExtended',
          data: {
            userId: 'u-1',
            postIds: ['p-2'],
            commentIds: ['c-2', 'c-3'],
            commentsByPost: { 'p-9': 1, 'p-8': 1 },
          },
        },
      ]);
    });

    it('records nothing once all is named, or for an account not banned', () => {
      expect(when(banned(), extend(['p-1'], [['c-1', 'p-9']]))).toEqual([]);
      expect(when(registered(), extend(['p-3'], []))).toEqual([]);
    });

    it('gives back at the lift what the ban and its extensions hid, their counts added up', () => {
      const history = [...banned(), ...when(banned(), extend(['p-2'], [['c-2', 'p-9']]))];
      expect(when(history, { type: 'LiftRestriction', data: { reason: null } })).toEqual([
        {
          type: 'UserRestrictionLifted',
          data: {
            userId: 'u-1',
            reason: null,
            lifted: 'banned',
            postIds: ['p-1', 'p-2'],
            commentIds: ['c-1', 'c-2'],
            commentsByPost: { 'p-9': 2 },
          },
        },
      ]);
    });
  });

  describe('a ban lifted in parts', () => {
    const ban: UserCommand = {
      type: 'BanUser',
      data: {
        reason: 'Spam',
        postIds: ['p-1', 'p-2'],
        commentIds: ['c-1', 'c-2', 'c-3'],
        commentsByPost: { 'p-9': 2, 'p-8': 1 },
      },
    };
    const part = (postIds: string[], comments: [string, string][]): UserCommand => ({
      type: 'LiftBanInPart',
      data: { postIds, comments: comments.map(([commentId, postId]) => ({ commentId, postId })) },
    });
    const banned = () => [...registered(), ...when(registered(), ban)];

    it('gives back the part named that the ban names, and leaves the rest to the lift', () => {
      const given = part(
        ['p-1', 'p-7'],
        [
          ['c-1', 'p-9'],
          ['c-4', 'p-9'],
        ],
      );
      const partly = when(banned(), given);
      expect(partly).toEqual([
        {
          type: 'UserBanPartlyLifted',
          data: {
            userId: 'u-1',
            postIds: ['p-1'],
            commentIds: ['c-1'],
            commentsByPost: { 'p-9': 1 },
          },
        },
      ]);
      const history = [...banned(), ...partly];
      // Given back already: nothing again; still banned: sign-in stays refused until the lift.
      expect(when(history, given)).toEqual([]);
      expect(when(history, { type: 'LiftRestriction', data: { reason: null } })).toEqual([
        {
          type: 'UserRestrictionLifted',
          data: {
            userId: 'u-1',
            reason: null,
            lifted: 'banned',
            postIds: ['p-2'],
            commentIds: ['c-2', 'c-3'],
            commentsByPost: { 'p-9': 1, 'p-8': 1 },
          },
        },
      ]);
    });

    it('records nothing for an account not banned', () => {
      expect(when(registered(), part(['p-1'], []))).toEqual([]);
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
      expect(spec.given(...registered(), ...swept).state()).toMatchObject({
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
