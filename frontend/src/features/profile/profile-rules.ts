import type { EditableProfile, ProfileUpdate, SocialLinks, SocialPlatform } from './types';

/** Spec §5/§9: a bio holds at most 500 characters. */
export const BIO_MAX_LENGTH = 500;
export const DISPLAY_USERNAME_MAX_LENGTH = 30;
export const SOCIAL_LINK_MAX_LENGTH = 200;

export interface SocialPlatformInfo {
  key: SocialPlatform;
  label: string;
  /** A bare username is appended to this to make the profile address. */
  baseUrl: string;
}

/** The five platforms, in the order the screens list them (spec §2). */
export const SOCIAL_PLATFORMS: readonly SocialPlatformInfo[] = [
  { key: 'instagram', label: 'Instagram', baseUrl: 'https://www.instagram.com/' },
  { key: 'twitter', label: 'Twitter/X', baseUrl: 'https://x.com/' },
  { key: 'tiktok', label: 'TikTok', baseUrl: 'https://www.tiktok.com/@' },
  { key: 'youtube', label: 'YouTube', baseUrl: 'https://www.youtube.com/@' },
  { key: 'snapchat', label: 'Snapchat', baseUrl: 'https://www.snapchat.com/add/' },
];

/**
 * Spec §5: a value starting with http:// or https:// is used as is; anything else is a username
 * appended to the platform's profile address (a leading @ is dropped: the base has it already
 * where the platform wants one).
 */
export function socialLinkHref(platform: SocialPlatformInfo, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const handle = trimmed.replace(/^@+/, '');
  return handle ? `${platform.baseUrl}${encodeURIComponent(handle)}` : null;
}

/** The profile form's text values. */
export interface ProfileFormValues {
  displayUsername: string;
  bio: string;
  socialLinks: Record<SocialPlatform, string>;
}

export function profileFormValues(profile: EditableProfile): ProfileFormValues {
  const links = profile.socialLinks ?? {};
  return {
    displayUsername: profile.displayUsername ?? '',
    bio: profile.bio ?? '',
    socialLinks: {
      instagram: links.instagram ?? '',
      twitter: links.twitter ?? '',
      tiktok: links.tiktok ?? '',
      youtube: links.youtube ?? '',
      snapchat: links.snapchat ?? '',
    },
  };
}

/**
 * Spec §5: blank display name and bio are sent as null; empty social links are omitted and, if
 * none remain, null is sent.
 */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  const socialLinks: SocialLinks = {};
  for (const { key } of SOCIAL_PLATFORMS) {
    const value = values.socialLinks[key].trim();
    if (value) socialLinks[key] = value;
  }
  return {
    displayUsername: values.displayUsername.trim() || null,
    bio: values.bio.trim() || null,
    socialLinks: Object.keys(socialLinks).length > 0 ? socialLinks : null,
  };
}
