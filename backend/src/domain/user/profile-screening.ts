import { LINK_MIN_ACCOUNT_AGE_MS } from '../comment/comment-filter';
import { ValidationError } from '../shared/errors';
import { hasLink, isOffensive, normaliseForScreening } from '../shared/text-screening';
import { nameSkeleton } from './name-skeleton';
import { PLATFORM_LABELS, type Profile } from './user-profile';
import { SOCIAL_PLATFORMS, type SocialPlatform } from './user.events';

/**
 * Profiles under the comments' rules (`../shared/text-screening.ts`): offensive words are refused,
 * and links from accounts younger than `LINK_MIN_ACCOUNT_AGE_MS` (a domain in the bio, a social
 * link off its platform's site, a name that is an address: common top-level domains only, as dots
 * join the words of many names). A name that could pass for the team is refused at any age. Only
 * what the edit changes is screened, so a bio edit is never refused for an older name.
 */
export interface ProfileScreening {
  /** When the account registered (ISO-8601); unknown counts as young. */
  accountCreatedAt: string;
}

/** The sites a platform's own addresses are on (and their subdomains, `www.`, `m.`). */
const PLATFORM_HOSTS: Record<SocialPlatform, readonly string[]> = {
  instagram: ['instagram.com', 'instagr.am'],
  twitter: ['x.com', 'twitter.com'],
  tiktok: ['tiktok.com'],
  youtube: ['youtube.com', 'youtu.be'],
  snapchat: ['snapchat.com'],
};

const LINK_DAYS = Math.round(LINK_MIN_ACCOUNT_AGE_MS / (24 * 60 * 60 * 1000));

export const PROFILE_REFUSALS = {
  staffName:
    'Your display name was not saved: names that could pass for the SoleScore team are reserved. Please choose another.',
  offensiveName:
    'Your display name was not saved: it contains language our community guidelines do not allow. Please choose another.',
  linkName: `Your display name was not saved: links are allowed once your account is ${LINK_DAYS} days old. Please choose a name that is not a web address.`,
  offensiveBio:
    'Your bio was not saved: it contains language our community guidelines do not allow. Please rephrase it.',
  linkBio: `Your bio was not saved: links are allowed once your account is ${LINK_DAYS} days old. Please remove the link.`,
  offensiveSocial: (platform: SocialPlatform) =>
    `Your ${PLATFORM_LABELS[platform]} link was not saved: it contains language our community guidelines do not allow.`,
  linkSocial: (platform: SocialPlatform) =>
    `Your ${PLATFORM_LABELS[platform]} link was not saved: links to other sites are allowed once your account is ${LINK_DAYS} days old. Please give your ${PLATFORM_LABELS[platform]} username.`,
} as const;

function isYoung(screening: ProfileScreening, now: Date): boolean {
  const age = now.getTime() - Date.parse(screening.accountCreatedAt);
  return !(age >= LINK_MIN_ACCOUNT_AGE_MS);
}

/** Whether a social link's value is an address on a site other than the platform's own. */
function isOffPlatform(platform: SocialPlatform, value: string): boolean {
  const read = normaliseForScreening(value);
  if (!/^https?:\/\//i.test(read)) return false;
  let host: string;
  try {
    host = new URL(read).hostname.toLowerCase();
  } catch {
    return true;
  }
  return !PLATFORM_HOSTS[platform].some((site) => host === site || host.endsWith(`.${site}`));
}

/**
 * Names a member could pass for the team with, by their look (`name-skeleton.ts`): these words
 * anywhere in a name (`Official_Support`, `S0leScore.help`, `the.admin`), and these as the whole
 * name (`Staff`, `mod`), where inside a longer name they are ordinary (`staffordshire`, `modest`).
 */
const STAFF_WORDS_ANYWHERE = ['admin', 'moderator', 'solescore', 'official', 'rtmsys'].map(
  nameSkeleton,
);
const STAFF_NAMES = ['mod', 'mods', 'staff', 'support', 'team', 'system', 'root', 'help'].map(
  nameSkeleton,
);

function passesForStaff(name: string): boolean {
  const look = nameSkeleton(name);
  return STAFF_NAMES.includes(look) || STAFF_WORDS_ANYWHERE.some((word) => look.includes(word));
}

/** Offensive as written, or once a name's separators (`big_toe.fan`) are read as spaces. */
function offensiveName(text: string): boolean {
  return isOffensive(text) || isOffensive(text.replace(/[._-]+/g, ' '));
}

/** Throws a ValidationError naming the first field of `next` (changed from `current`) refused. */
export function screenProfile(
  next: Profile,
  current: Profile,
  screening: ProfileScreening,
  now: Date,
): void {
  const young = isYoung(screening, now);
  const name = next.displayUsername;
  if (name !== null && name !== current.displayUsername) {
    if (passesForStaff(name)) throw new ValidationError(PROFILE_REFUSALS.staffName);
    if (offensiveName(name)) throw new ValidationError(PROFILE_REFUSALS.offensiveName);
    if (young && hasLink(name, 'common')) throw new ValidationError(PROFILE_REFUSALS.linkName);
  }
  const bio = next.bio;
  if (bio !== null && bio !== current.bio) {
    if (isOffensive(bio)) throw new ValidationError(PROFILE_REFUSALS.offensiveBio);
    if (young && hasLink(bio)) throw new ValidationError(PROFILE_REFUSALS.linkBio);
  }
  for (const platform of SOCIAL_PLATFORMS) {
    const link = next.socialLinks?.[platform];
    if (typeof link !== 'string' || link === current.socialLinks?.[platform]) continue;
    if (offensiveName(link)) {
      throw new ValidationError(PROFILE_REFUSALS.offensiveSocial(platform));
    }
    if (young && isOffPlatform(platform, link)) {
      throw new ValidationError(PROFILE_REFUSALS.linkSocial(platform));
    }
  }
}
