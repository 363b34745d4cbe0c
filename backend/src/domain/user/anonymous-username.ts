import { ValidationError } from '../shared/errors';

/**
 * Anonymous usernames are readable and friendly: `<Adjective><Noun><4 digits>`, e.g.
 * `SunnyOtter0427`. 64 × 64 × 10,000 ≈ 41 million names. The choice comes from a number the
 * command carries (the domain has no randomness of its own); the shell retries with another
 * number when the name is taken.
 */
// prettier-ignore
export const ADJECTIVES = [
  'Agile', 'Amber', 'Arctic', 'Bold', 'Brave', 'Breezy', 'Bright', 'Calm',
  'Cheerful', 'Clever', 'Cosmic', 'Cozy', 'Crisp', 'Curious', 'Daring', 'Dapper',
  'Eager', 'Fancy', 'Fearless', 'Festive', 'Fluffy', 'Frosty', 'Gentle', 'Giddy',
  'Golden', 'Happy', 'Hazel', 'Humble', 'Jolly', 'Jazzy', 'Keen', 'Kind',
  'Lively', 'Lucky', 'Lunar', 'Mellow', 'Merry', 'Mighty', 'Misty', 'Nimble',
  'Noble', 'Peppy', 'Plucky', 'Polished', 'Quick', 'Quiet', 'Radiant', 'Rosy',
  'Rustic', 'Silky', 'Sleek', 'Snappy', 'Solar', 'Sparkly', 'Spry', 'Steady',
  'Sunny', 'Swift', 'Tidy', 'Velvet', 'Vivid', 'Witty', 'Zesty', 'Zippy',
] as const;

// prettier-ignore
export const NOUNS = [
  'Badger', 'Beacon', 'Bison', 'Breeze', 'Canyon', 'Comet', 'Condor', 'Coral',
  'Cricket', 'Dolphin', 'Falcon', 'Fern', 'Finch', 'Fox', 'Gazelle', 'Gecko',
  'Glacier', 'Harbor', 'Hare', 'Heron', 'Ibis', 'Jaguar', 'Kestrel', 'Koala',
  'Lagoon', 'Lark', 'Lemur', 'Lynx', 'Maple', 'Meadow', 'Meerkat', 'Mink',
  'Moose', 'Nebula', 'Ocelot', 'Orca', 'Otter', 'Owl', 'Panda', 'Pebble',
  'Pelican', 'Penguin', 'Pine', 'Puffin', 'Quail', 'Raven', 'Reef', 'Robin',
  'Sable', 'Sparrow', 'Spruce', 'Summit', 'Swan', 'Tiger', 'Toucan', 'Tulip',
  'Walrus', 'Willow', 'Wombat', 'Wren', 'Yak', 'Zebra', 'Kiwi', 'Tortoise',
] as const;

export const ANONYMOUS_USERNAME_PATTERN = /^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/;

/** The name for a seed: any non-negative safe integer (the shell passes a random one). */
export function anonymousUsernameFor(seed: number): string {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new ValidationError('An anonymous username needs a non-negative whole number seed');
  }
  const adjective = ADJECTIVES[seed % ADJECTIVES.length];
  const rest = Math.floor(seed / ADJECTIVES.length);
  const noun = NOUNS[rest % NOUNS.length];
  const digits = Math.floor(rest / NOUNS.length) % 10_000;
  return `${adjective}${noun}${String(digits).padStart(4, '0')}`;
}

/** How many seeds give distinct names; seeds beyond it repeat names. */
export const ANONYMOUS_USERNAME_SPACE = ADJECTIVES.length * NOUNS.length * 10_000;
