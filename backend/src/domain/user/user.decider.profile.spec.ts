import { metadataAt } from '../shared/testing/decider-specification';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import {
  hash,
  NOW,
  PASSWORD_HASH,
  register,
  spec,
  registered,
  when,
  passwordResetIssued,
  signedInElsewhere,
} from './testing/user-history';
import { type UserCommand } from './user.decider';
import type { UserEvent } from './user.events';

describe('user decider', () => {
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
          metadata: metadataAt(NOW),
          data: {
            displayUsername: '  Ann_B  ',
            bio: ' \u200b\u3164\u2800 ',
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
          metadata: metadataAt(NOW),
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
      expect(() =>
        when(registered(), { type: 'UpdateProfile', data: changes, metadata: metadataAt(NOW) }),
      ).toThrow(message);
    });

    it('keeps a bio of exactly 500 characters', () => {
      const [event] = when(registered(), {
        type: 'UpdateProfile',
        data: { bio: 'b'.repeat(500) },
        metadata: metadataAt(NOW),
      });
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
      ...passwordResetIssued(),
      ...signedInElsewhere(),
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
      expect(spec.given(...erased).state()).toEqual({ status: 'erased', userId: 'u-1' });
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
      expect(spec.given(...erasedLater).state()).toEqual({ status: 'erased', userId: 'u-1' });
    });
  });
});
