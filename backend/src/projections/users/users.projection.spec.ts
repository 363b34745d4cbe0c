import type { Actor, RecordedEvent } from '../../domain/shared/event';
import { nameGrams } from './name-grams';
import {
  projectionSpecification,
  recordedBy,
  recorded as recordedEvent,
} from '../testing/projection-specification';
import { usersProjection as projection } from './users.projection';

const recorded = (type: string, data: unknown, at = '2026-03-02T09:00:00.000Z'): RecordedEvent =>
  recordedEvent(type, data, {
    at,
    streamId: 'user-u-1',
    metadata: { actor: { type: 'user', id: 'u-1' } },
  });

const registered = recorded('UserRegistered', {
  userId: 'u-1',
  email: 'ann@example.com',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  anonymousUsername: 'SunnyOtter0427',
});

const spec = projectionSpecification(projection);

describe('users projection', () => {
  it('given a registration, stores the account as the screens show it, without the password hash', () => {
    expect(projection.documentId(registered)).toBe('u-1');
    const doc = spec.given(registered).document();
    expect(doc).toEqual({
      _id: 'u-1',
      email: 'ann@example.com',
      anonymousUsername: 'SunnyOtter0427',
      displayUsername: null,
      bio: null,
      profilePictureUrl: null,
      socialLinks: null,
      isAdmin: false,
      emailVerified: false,
      createdAt: '2026-03-02T09:00:00.000Z',
      status: 'active',
      statusReason: null,
      emailNotificationsRating: true,
      emailNotificationsComment: true,
      emailNotificationsAchievements: true,
      nameGrams: nameGrams(['SunnyOtter0427']),
    });
    expect(doc!.nameGrams).toContain('427');
    expect(JSON.stringify(doc)).not.toContain('argon2');
  });

  it('given verification, preferences, profile and picture events, reflects each', () => {
    const doc = spec
      .given(
        registered,
        recorded('EmailVerified', { userId: 'u-1', tokenHash: 'a'.repeat(64) }),
        recorded('EmailPreferencesChanged', {
          userId: 'u-1',
          emailNotificationsRating: false,
          emailNotificationsComment: true,
          emailNotificationsAchievements: false,
        }),
        recorded('ProfileUpdated', {
          userId: 'u-1',
          displayUsername: 'Ann_B',
          bio: 'Hello',
          socialLinks: { instagram: '@ann' },
        }),
        recorded('ProfilePictureChanged', {
          userId: 'u-1',
          profilePictureUrl: '/uploads/ab/ab.thumb.webp',
        }),
      )
      .document();
    expect(doc).toMatchObject({
      emailVerified: true,
      emailNotificationsRating: false,
      emailNotificationsComment: true,
      emailNotificationsAchievements: false,
      displayUsername: 'Ann_B',
      bio: 'Hello',
      socialLinks: { instagram: '@ann' },
      profilePictureUrl: '/uploads/ab/ab.thumb.webp',
    });
  });

  it('skips an event for an account it has never seen instead of inventing one', () => {
    expect(
      spec
        .given(recorded('EmailVerified', { userId: 'u-9', tokenHash: 'a'.repeat(64) }))
        .document(),
    ).toBeNull();
    expect(projection.documentId(recorded('EmailVerified', null))).toBeNull();
  });

  it('given an erased account, deletes it', () => {
    const erased = recorded('AccountErased', { userId: 'u-1', tokenHashes: [], archivedWeeks: [] });
    expect(projection.documentId(erased)).toBe('u-1');
    spec.given(registered, erased).thenGone();
  });

  it('given a registration whose personal fields were shredded, stores nulls without failing', () => {
    const shredded = recorded('UserRegistered', {
      userId: 'u-1',
      email: null,
      passwordHash: null,
      anonymousUsername: null,
    });
    spec.given(shredded).thenMatches({ _id: 'u-1', email: null, anonymousUsername: null });
  });
});

describe('users projection: moderation', () => {
  const ADMIN: Actor = { type: 'admin', id: 'a-1' };

  it('keeps the account’s status and staff flag', () => {
    const registered = recordedBy(
      'UserRegistered',
      { userId: 'u-1', email: 'a@b.co', passwordHash: 'x', anonymousUsername: 'SunnyOtter0427' },
      { type: 'user', id: 'u-1' },
    );
    spec
      .given(
        registered,
        recordedBy('UserAdminFlagChanged', { userId: 'u-1', isAdmin: true }, ADMIN),
        recordedBy(
          'UserBanned',
          { userId: 'u-1', reason: 'Spam', postIds: [], commentIds: [] },
          ADMIN,
        ),
      )
      .of('u-1')
      .thenMatches({
        isAdmin: true,
        status: 'banned',
        statusReason: 'Spam',
      });
  });
});
