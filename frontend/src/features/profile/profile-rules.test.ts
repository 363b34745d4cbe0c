import { describe, expect, it } from 'vitest';

import {
  profileFormValues,
  SOCIAL_PLATFORMS,
  socialLinkHref,
  toProfileUpdate,
} from './profile-rules';
import { profileName } from './profile-name';

const platform = (key: string) => SOCIAL_PLATFORMS.find((p) => p.key === key)!;

describe('socialLinkHref', () => {
  it('uses a value starting with http:// or https:// as is', () => {
    expect(socialLinkHref(platform('youtube'), 'https://youtube.com/c/feet')).toBe(
      'https://youtube.com/c/feet',
    );
    expect(socialLinkHref(platform('instagram'), ' HTTP://insta.example/x ')).toBe(
      'HTTP://insta.example/x',
    );
  });

  it("appends a username to the platform's profile address", () => {
    expect(socialLinkHref(platform('instagram'), 'sunny.soles')).toBe(
      'https://www.instagram.com/sunny.soles',
    );
    expect(socialLinkHref(platform('twitter'), '@sunny_soles')).toBe('https://x.com/sunny_soles');
    expect(socialLinkHref(platform('tiktok'), '@sunny')).toBe('https://www.tiktok.com/@sunny');
    expect(socialLinkHref(platform('snapchat'), 'sunny')).toBe(
      'https://www.snapchat.com/add/sunny',
    );
  });

  it('never makes a link out of something that is not one', () => {
    expect(socialLinkHref(platform('instagram'), '  ')).toBeNull();
    expect(socialLinkHref(platform('instagram'), 'javascript:alert(1)')).toBe(
      'https://www.instagram.com/javascript%3Aalert(1)',
    );
  });
});

describe('toProfileUpdate', () => {
  const empty = profileFormValues({
    id: 'u1',
    anonymousUsername: 'HappyToes42',
    displayUsername: null,
    bio: null,
    socialLinks: null,
    profilePictureUrl: null,
  });

  it('sends blank text as null and no links as null', () => {
    expect(toProfileUpdate({ ...empty, displayUsername: '  ', bio: '\n' })).toEqual({
      displayUsername: null,
      bio: null,
      socialLinks: null,
    });
  });

  it('trims text and leaves out empty links', () => {
    expect(
      toProfileUpdate({
        displayUsername: ' sunny ',
        bio: ' Hi! ',
        socialLinks: { ...empty.socialLinks, instagram: ' sunny ', tiktok: ' ' },
      }),
    ).toEqual({ displayUsername: 'sunny', bio: 'Hi!', socialLinks: { instagram: 'sunny' } });
  });

  it('round-trips a saved profile', () => {
    const values = profileFormValues({
      id: 'u1',
      anonymousUsername: 'HappyToes42',
      displayUsername: 'sunny',
      bio: null,
      socialLinks: { youtube: 'https://youtube.com/@x' },
      profilePictureUrl: null,
    });
    expect(values.bio).toBe('');
    expect(toProfileUpdate(values)).toEqual({
      displayUsername: 'sunny',
      bio: null,
      socialLinks: { youtube: 'https://youtube.com/@x' },
    });
  });
});

describe('profileName', () => {
  it('prefers the display name', () => {
    expect(profileName({ displayUsername: 'sunny', anonymousUsername: 'HappyToes42' })).toBe(
      'sunny',
    );
    expect(profileName({ displayUsername: null, anonymousUsername: 'HappyToes42' })).toBe(
      'HappyToes42',
    );
  });
});
