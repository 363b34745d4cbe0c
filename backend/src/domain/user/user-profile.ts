import { ValidationError } from '../shared/errors';
import { drawsNothing, memberText } from '../shared/member-text';
import { SOCIAL_PLATFORMS, type SocialLinks, type SocialPlatform } from './user.events';

export const DISPLAY_USERNAME_MIN = 3;
export const DISPLAY_USERNAME_MAX = 30;
export const BIO_MAX_LENGTH = 500;
export const SOCIAL_LINK_MAX_LENGTH = 200;

const DISPLAY_USERNAME_CHARACTERS = /^[A-Za-z0-9_.-]+$/;
/** A handle as the platforms write them, optionally with the leading @. */
const SOCIAL_HANDLE = /^@?[A-Za-z0-9._-]{1,100}$/;

export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter/X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  snapchat: 'Snapchat',
};

export const PROFILE_MESSAGES = {
  displayUsernameLength: `Display name must be ${DISPLAY_USERNAME_MIN} to ${DISPLAY_USERNAME_MAX} characters`,
  displayUsernameCharacters:
    'Display name may only contain letters, numbers, underscores, dots and hyphens',
  bioTooLong: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
  socialLinksShape:
    'Social links must be an object keyed by instagram, twitter, tiktok, youtube or snapchat',
} as const;

export interface Profile {
  displayUsername: string | null;
  bio: string | null;
  socialLinks: SocialLinks | null;
}

/** What a profile edit may send: a missing field stays as it is; null or blank clears it. */
export interface ProfileChanges {
  displayUsername?: string | null;
  bio?: string | null;
  socialLinks?: unknown;
}

/** The profile after the changes, normalised, or a ValidationError naming the first problem. */
export function applyProfileChanges(current: Profile, changes: ProfileChanges): Profile {
  return {
    displayUsername:
      changes.displayUsername === undefined
        ? current.displayUsername
        : normaliseDisplayUsername(changes.displayUsername),
    bio: changes.bio === undefined ? current.bio : normaliseBio(changes.bio),
    socialLinks:
      changes.socialLinks === undefined
        ? current.socialLinks
        : normaliseSocialLinks(changes.socialLinks),
  };
}

/**
 * Anonymous and admin usernames are unique case-insensitively, so `Ann` and `ann` are the same
 * name; display names by their look (`name-skeleton.ts`).
 */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

export function normaliseDisplayUsername(raw: string | null): string | null {
  if (raw === null) return null;
  if (typeof raw !== 'string') throw new ValidationError(PROFILE_MESSAGES.displayUsernameLength);
  // Full-width and other compatibility forms are their plain letters (`Ａｒｃｈｅｓ` is `Arches`).
  const name = raw.normalize('NFKC').trim();
  if (name.length === 0) return null;
  if (name.length < DISPLAY_USERNAME_MIN || name.length > DISPLAY_USERNAME_MAX) {
    throw new ValidationError(PROFILE_MESSAGES.displayUsernameLength);
  }
  if (!DISPLAY_USERNAME_CHARACTERS.test(name)) {
    throw new ValidationError(PROFILE_MESSAGES.displayUsernameCharacters);
  }
  return name;
}

export function normaliseBio(raw: string | null): string | null {
  if (raw === null) return null;
  if (typeof raw !== 'string') throw new ValidationError(PROFILE_MESSAGES.bioTooLong);
  const bio = memberText(raw);
  if (drawsNothing(bio)) return null;
  if (bio.length > BIO_MAX_LENGTH) throw new ValidationError(PROFILE_MESSAGES.bioTooLong);
  return bio;
}

/** Empty links are left out; when none remain the result is null (spec §5). */
export function normaliseSocialLinks(raw: unknown): SocialLinks | null {
  if (raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ValidationError(PROFILE_MESSAGES.socialLinksShape);
  }
  const links: SocialLinks = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!(SOCIAL_PLATFORMS as readonly string[]).includes(key)) {
      throw new ValidationError(
        `Unknown social link "${key.slice(0, 40)}": use instagram, twitter, tiktok, youtube or snapchat`,
      );
    }
    const platform = key as SocialPlatform;
    const label = PLATFORM_LABELS[platform];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string') throw new ValidationError(`${label} link must be text`);
    const link = value.normalize('NFKC').trim();
    if (link.length === 0) continue;
    if (link.length > SOCIAL_LINK_MAX_LENGTH) {
      throw new ValidationError(
        `${label} link must be at most ${SOCIAL_LINK_MAX_LENGTH} characters`,
      );
    }
    if (!isSocialHandle(link) && !isWebLink(link)) {
      throw new ValidationError(
        `${label} link must be a username or a link starting with http:// or https://`,
      );
    }
    links[platform] = link;
  }
  return Object.keys(links).length > 0 ? links : null;
}

function isSocialHandle(value: string): boolean {
  return SOCIAL_HANDLE.test(value);
}

function isWebLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function sameProfile(a: Profile, b: Profile): boolean {
  return (
    a.displayUsername === b.displayUsername &&
    a.bio === b.bio &&
    JSON.stringify(sortedLinks(a.socialLinks)) === JSON.stringify(sortedLinks(b.socialLinks))
  );
}

function sortedLinks(links: SocialLinks | null): [string, string][] | null {
  if (!links) return null;
  return Object.entries(links)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .sort(([a], [b]) => a.localeCompare(b));
}
