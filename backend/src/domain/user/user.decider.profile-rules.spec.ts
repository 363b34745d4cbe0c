import { metadataAt } from '../shared/testing/decider-specification';
import { ValidationError } from '../shared/errors';
import { LINK_MIN_ACCOUNT_AGE_MS } from '../comment/comment-filter';
import { PROFILE_REFUSALS } from './profile-screening';
import { NOW, registered, when } from './testing/user-history';
import type { ProfileChanges } from './user-profile';
import type { UserEvent } from './user.events';

const DAY = 24 * 60 * 60 * 1000;
const registeredAgo = (ms: number) => ({
  accountCreatedAt: new Date(NOW.getTime() - ms).toISOString(),
});
const grown = registeredAgo(30 * DAY);
const young = registeredAgo(LINK_MIN_ACCOUNT_AGE_MS - 60_000);

const update = (changes: ProfileChanges, screening = grown) => ({
  type: 'UpdateProfile' as const,
  data: { ...changes, screening },
  metadata: metadataAt(NOW),
});

const withProfile = (): UserEvent[] => [
  ...registered(),
  {
    type: 'ProfileUpdated',
    data: {
      userId: 'u-1',
      displayUsername: 'Ann_B',
      bio: 'Pedicures on Sundays',
      socialLinks: { instagram: '@ann', tiktok: '@annb' },
    },
  },
  {
    type: 'ProfilePictureChanged',
    data: { userId: 'u-1', profilePictureUrl: '/uploads/ab/a.webp' },
  },
];

describe('user decider: profiles under the comments’ rules', () => {
  it.each([
    [{ displayUsername: 'fuck_you' }, PROFILE_REFUSALS.offensiveName],
    [{ displayUsername: 'sh1thead' }, PROFILE_REFUSALS.offensiveName],
    [{ bio: 'I am a ｆｕｃｋｉｎｇ legend' }, PROFILE_REFUSALS.offensiveBio],
    [{ bio: 'you are s。h。i。t' }, PROFILE_REFUSALS.offensiveBio],
    [
      { socialLinks: { instagram: 'big.dick.energy' } },
      PROFILE_REFUSALS.offensiveSocial('instagram'),
    ],
  ])('refuses offensive words in a profile (%p)', (changes, message) => {
    expect(() => when(registered(), update(changes))).toThrow(new ValidationError(message));
  });

  it.each([
    [{ displayUsername: 'myfeet.shop' }, PROFILE_REFUSALS.linkName],
    [{ bio: 'Buy my pics at myfeet。com' }, PROFILE_REFUSALS.linkBio],
    [{ bio: 'see myfeet．photos' }, PROFILE_REFUSALS.linkBio],
    [
      { socialLinks: { twitter: 'https://myfeet.example/x' } },
      PROFILE_REFUSALS.linkSocial('twitter'),
    ],
  ])('refuses a link from an account younger than 7 days (%p)', (changes, message) => {
    expect(() => when(registered(), update(changes, young))).toThrow(new ValidationError(message));
    expect(when(registered(), update(changes, grown))).toHaveLength(1);
  });

  it.each([
    'admin',
    'Admin',
    'S0leScore',
    'the.admin',
    'Official_Support',
    'moderator',
    'staff',
    'MOD',
    'rtm-sys',
  ])('refuses a display name that could pass for the team (%p)', (displayUsername) => {
    expect(() => when(registered(), update({ displayUsername }))).toThrow(
      new ValidationError(PROFILE_REFUSALS.staffName),
    );
  });

  it.each(['staffordshire_feet', 'modest_toes', 'Helpful.Heels', 'supportive_soles'])(
    'lets through a name that holds a short team word inside an ordinary one (%p)',
    (displayUsername) => {
      expect(when(registered(), update({ displayUsername }))).toHaveLength(1);
    },
  );

  it('lets a young account link its own platform profile, by handle or address', () => {
    const events = when(
      registered(),
      update(
        { socialLinks: { instagram: 'sunny.soles', youtube: 'https://www.youtube.com/@sunny' } },
        young,
      ),
    );
    expect(events).toHaveLength(1);
  });

  it('lets ordinary profiles through', () => {
    const events = when(
      registered(),
      update(
        { displayUsername: 'Arches_4ever', bio: 'Size 38, pedicure a558003722 done. Wow!' },
        young,
      ),
    );
    expect(events).toHaveLength(1);
  });

  it('stores a full-width display name as its plain letters', () => {
    expect(when(registered(), update({ displayUsername: 'Ａｒｃｈｅｓ' }))).toEqual([
      {
        type: 'ProfileUpdated',
        data: { userId: 'u-1', displayUsername: 'Arches', bio: null, socialLinks: null },
      },
    ]);
  });

  it('screens only what the edit changes, so a field kept from before never refuses an edit', () => {
    const before: UserEvent[] = [
      ...registered(),
      {
        type: 'ProfileUpdated',
        data: { userId: 'u-1', displayUsername: 'myfeet.shop', bio: null, socialLinks: null },
      },
    ];
    expect(when(before, update({ bio: 'Hello' }, young))).toHaveLength(1);
  });

  describe('an admin clears profile fields', () => {
    it('records the fields that were set, with the reason, and the state forgets them', () => {
      const events = when(withProfile(), {
        type: 'ClearProfileFields',
        data: {
          fields: ['bio', 'socialLinks.instagram', 'profilePicture', 'socialLinks.youtube'],
          reason: 'Advertising',
        },
      });
      expect(events).toEqual([
        {
          type: 'UserProfileCleared',
          data: {
            userId: 'u-1',
            fields: ['bio', 'socialLinks.instagram', 'profilePicture'],
            reason: 'Advertising',
          },
        },
      ]);
      // The next edit is decided on the cleared profile: re-sending the rest changes nothing.
      expect(
        when([...withProfile(), ...events], {
          type: 'UpdateProfile',
          data: { displayUsername: 'Ann_B', bio: null, socialLinks: { tiktok: '@annb' } },
          metadata: metadataAt(NOW),
        }),
      ).toEqual([]);
    });

    it('records nothing when the fields are already empty', () => {
      expect(
        when(registered(), {
          type: 'ClearProfileFields',
          data: { fields: ['bio', 'displayUsername'], reason: 'Spam' },
        }),
      ).toEqual([]);
    });

    it.each([
      [{ fields: [], reason: 'Spam' }, 'fields must be a non-empty list'],
      [{ fields: ['email'], reason: 'Spam' }, 'fields must be a non-empty list'],
      [{ fields: ['bio'], reason: '  ' }, 'Please give a reason'],
    ])('refuses %p', (data, message) => {
      expect(() => when(withProfile(), { type: 'ClearProfileFields', data } as never)).toThrow(
        message,
      );
    });
  });
});
