import { createHash } from 'node:crypto';
import { weekStart } from '../domain/competition/iso-week';
import { likeStreamId, type Liked } from '../domain/like/like.decider';
import { type Rated, voteStreamId } from '../domain/post-rating/post-rating.decider';
import { FINGERPRINT_VERSION } from '../domain/post/photo-fingerprint';
import type { PostPublished } from '../domain/post/post.events';
import type { ReservationClaimed } from '../domain/reservation/reservation.decider';
import type { Actor, EventMetadata } from '../domain/shared/event';
import { ANONYMOUS_USERNAME_SPACE, anonymousUsernameFor } from '../domain/user/anonymous-username';
import type { UserEvent } from '../domain/user/user.events';
import type { EventToAppend } from '../application/ports/event-store.port';
import type { ImportedStream } from '../infrastructure/event-store/sqlite-event-store';
import { imageKeys, publicImageUrl } from '../application/ports/image-storage.port';
import { SeededRandom } from './seeded-random';

/**
 * A community's log for benchmarks, from a seed: users who registered, verified their address
 * and some of whom chose a display name, then posts, likes and community ratings in time order,
 * each with the event types, data, stream names and metadata the app itself writes.
 */
export interface CommunitySeedOptions {
  seed: number;
  users: number;
  posts: number;
  likes: number;
  ratings: number;
  /** Times are spread back from here; the current ISO week is the one holding it. */
  now: Date;
  /** Full weeks of posts before the current ISO week. */
  pastWeeks: number;
  /** Share of the posts published in the current ISO week (the weekly board). */
  currentWeekShare: number;
  /** Share of the users with a display name besides their anonymous username. */
  displayNameShare: number;
  /** An argon2id hash every seeded account carries (nobody signs in as them). */
  passwordHash: string;
}

export interface SeededUser {
  id: string;
  anonymousUsername: string;
  displayUsername: string | null;
}

export interface CommunitySeed {
  users: readonly SeededUser[];
  /** Post ids, oldest first. */
  postIds: readonly string[];
  /** How many streams and events `streams()` yields. */
  streamCount: number;
  eventCount: number;
  /** The log, stream by stream in the order it is written; lazy (one pass over compact arrays). */
  streams(): Generator<ImportedStream>;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
const LIKE = 0;
// prettier-ignore
const NAME_PARTS = [
  'sole', 'arch', 'heel', 'toes', 'step', 'stride', 'barefoot', 'sandal', 'pedi', 'tiptoe',
  'ankle', 'instep', 'flipflop', 'beach', 'dancer', 'runner', 'hiker', 'yogi', 'walker', 'comfy',
];

export function planCommunity(options: CommunitySeedOptions): CommunitySeed {
  const random = new SeededRandom(options.seed);
  const now = options.now.getTime();
  const currentWeek = weekStart(options.now).getTime();
  const historyStart = currentWeek - options.pastWeeks * WEEK_MS;

  // Users: unique anonymous usernames, registered in the month before the first post.
  const taken = new Set<string>();
  const users: (SeededUser & { registeredAt: number })[] = [];
  while (users.length < options.users) {
    const anonymousUsername = anonymousUsernameFor(random.int(ANONYMOUS_USERNAME_SPACE));
    if (taken.has(anonymousUsername)) continue;
    taken.add(anonymousUsername);
    const i = users.length;
    users.push({
      id: random.uuid(),
      anonymousUsername,
      displayUsername:
        random.next() < options.displayNameShare
          ? `${random.pick(NAME_PARTS)}_${random.pick(NAME_PARTS)}.${i}`
          : null,
      registeredAt: historyStart - 4 * WEEK_MS + random.next() * (4 * WEEK_MS - DAY_MS),
    });
  }
  users.sort((a, b) => a.registeredAt - b.registeredAt);

  // Posts, oldest first: a share in the current week, the rest over the weeks before it.
  const postTimes = new Float64Array(options.posts);
  for (let i = 0; i < options.posts; i += 1) {
    postTimes[i] =
      random.next() < options.currentWeekShare
        ? currentWeek + random.next() * Math.max(0, now - currentWeek - 60_000)
        : historyStart + random.next() * (currentWeek - historyStart);
  }
  postTimes.sort();
  // Made when the post was (the app's records sort by the time they were made).
  const postIds = Array.from({ length: options.posts }, (_, i) => random.uuidV7(postTimes[i]));
  const postAuthors = Int32Array.from({ length: options.posts }, () => random.int(users.length));
  const postQuality = Float64Array.from({ length: options.posts }, () => 6 + 1.6 * random.normal());
  const popularity = Float64Array.from({ length: options.posts }, () =>
    Math.exp(0.9 * random.normal()),
  );

  // Likes and ratings: a skewed number per post, each by a different user (never the author),
  // at a time between the post and now.
  const engagements = options.likes + options.ratings;
  const at = new Float64Array(engagements);
  const post = new Int32Array(engagements);
  const user = new Int32Array(engagements);
  const kind = new Uint8Array(engagements);
  const score = new Uint8Array(engagements);
  const steps = coprimeSteps(users.length);
  let n = 0;
  for (const [type, total, noise] of [
    [LIKE, options.likes, 0],
    [1, options.ratings, 0.3],
  ] as const) {
    const weights = popularity.map((p) => p * Math.exp(noise * random.normal()));
    const sum = weights.reduce((a, b) => a + b, 0);
    let cumulative = 0;
    for (let p = 0; p < options.posts; p += 1) {
      const before = Math.round((cumulative / sum) * total);
      cumulative += weights[p];
      const count = Math.min(Math.round((cumulative / sum) * total) - before, users.length - 1);
      const start = random.int(users.length);
      const step = random.pick(steps);
      for (let j = 0, taken = 0; taken < count; j += 1) {
        const u = (start + j * step) % users.length;
        if (u === postAuthors[p]) continue;
        at[n] = postTimes[p] + random.next() ** 2 * (now - postTimes[p]);
        post[n] = p;
        user[n] = u;
        kind[n] = type;
        score[n] =
          type === LIKE ? 0 : clamp(Math.round(postQuality[p] + 1.5 * random.normal()), 0, 10);
        n += 1;
        taken += 1;
      }
    }
  }
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => at[a] - at[b]);

  // Everything below draws from its own source, so the plan above stays what it is.
  const ids = new SeededRandom(options.seed ^ 0x5eed);
  const hex = (words: number) =>
    Array.from({ length: words }, () => ids.nextUint32().toString(16).padStart(8, '0')).join('');
  const metadata = (actor: Actor, time: number, correlationId = ids.uuid()): EventMetadata => ({
    actor,
    correlationId,
    causationId: correlationId,
    at: new Date(time).toISOString(),
  });
  const event = (type: string, data: unknown, meta: EventMetadata): EventToAppend => ({
    id: ids.uuid(),
    type,
    data,
    metadata: meta,
  });

  function* userStreams(u: (typeof users)[number]): Generator<ImportedStream> {
    const userId = u.id;
    const actor: Actor = { type: 'user', id: userId };
    const registered = metadata(actor, u.registeredAt);
    const email = `bench.${userId.slice(0, 8)}@example.com`;
    const claim = (streamId: string, meta: EventMetadata): ImportedStream => ({
      streamId,
      events: [
        event('ReservationClaimed', { ownerId: userId } satisfies ReservationClaimed['data'], meta),
      ],
    });
    yield claim(`email-${sha256(email)}`, registered);
    yield claim(`username-${u.anonymousUsername.toLowerCase()}`, registered);
    const verificationTokenHash = hex(8);
    const account: { type: UserEvent['type']; data: UserEvent['data']; meta: EventMetadata }[] = [
      {
        type: 'UserRegistered',
        data: {
          userId,
          email,
          passwordHash: options.passwordHash,
          anonymousUsername: u.anonymousUsername,
        },
        meta: registered,
      },
      {
        type: 'EmailVerificationIssued',
        data: {
          userId,
          tokenHash: verificationTokenHash,
          expiresAt: new Date(u.registeredAt + 2 * DAY_MS).toISOString(),
        },
        meta: registered,
      },
      {
        type: 'SessionStarted',
        data: {
          userId,
          sessionId: ids.uuid(),
          tokenHash: hex(8),
          expiresAt: new Date(u.registeredAt + 30 * DAY_MS).toISOString(),
        },
        meta: registered,
      },
      {
        type: 'EmailVerified',
        data: { userId, tokenHash: verificationTokenHash },
        meta: metadata(actor, u.registeredAt + 5 * 60_000),
      },
    ];
    let profile: EventMetadata | null = null;
    if (u.displayUsername) {
      profile = metadata(actor, u.registeredAt + HOUR_MS);
      yield claim(`display-name-${u.displayUsername.toLowerCase()}`, profile);
      account.push({
        type: 'ProfileUpdated',
        data: { userId, displayUsername: u.displayUsername, bio: null, socialLinks: null },
        meta: profile,
      });
    }
    yield {
      streamId: `user-${userId}`,
      events: account.map(({ type, data, meta }) => event(type, data, meta)),
    };
  }

  function postStream(p: number): ImportedStream {
    const authorId = users[postAuthors[p]].id;
    const postId = postIds[p];
    const contentHash = hex(8);
    const keys = imageKeys(contentHash);
    const overall = clamp(Math.round((postQuality[p] + 0.8 * ids.normal()) * 10) / 10, 1, 10);
    const sub = () => clamp(Math.round(overall + 1.2 * ids.normal()), 1, 10);
    // One post in five is posted directly, without the AI's rating.
    const ai =
      ids.next() < 0.8
        ? {
            ratingId: postId,
            overall,
            toeAlignment: sub(),
            toeNails: sub(),
            footShape: sub(),
            aesthetic: sub(),
            comment: 'Bright, sharp and well framed.',
            rater: 'offline-v1',
          }
        : null;
    const data: PostPublished['data'] = {
      postId,
      authorId,
      image: {
        imageUrl: publicImageUrl(keys.image),
        thumbnailUrl: publicImageUrl(keys.thumbnail),
        imageHash: hex(2),
        contentHash,
        // Filed at the current fingerprint, without keys: a post filed before it is fingerprinted
        // again from its stored photo by the back-fill at start, which would decode photos
        // beside every row (and project a new event between any two requests). The bench's
        // uploads are no re-posts of these, so the re-post index needs none of their keys.
        fingerprint: [],
        fingerprintVersion: FINGERPRINT_VERSION,
      },
      ai,
    };
    return {
      streamId: `post-${postId}`,
      events: [
        event('PostPublished', data, metadata({ type: 'user', id: authorId }, postTimes[p])),
      ],
    };
  }

  function engagementStream(e: number): ImportedStream {
    const postId = postIds[post[e]];
    const userId = users[user[e]].id;
    const meta = metadata({ type: 'user', id: userId }, at[e]);
    if (kind[e] === LIKE) {
      const data: Liked['data'] = { target: 'post', targetId: postId, postId, userId };
      return {
        streamId: likeStreamId('post', postId, userId),
        events: [event('Liked', data, meta)],
      };
    }
    const data: Rated['data'] = {
      postId,
      userId,
      authorId: users[postAuthors[post[e]]].id,
      score: score[e],
    };
    return { streamId: voteStreamId(postId, userId), events: [event('Rated', data, meta)] };
  }

  const displayNames = users.filter((u) => u.displayUsername).length;
  return {
    users: users.map(({ id, anonymousUsername, displayUsername }) => ({
      id,
      anonymousUsername,
      displayUsername,
    })),
    postIds,
    streamCount: users.length * 3 + displayNames + options.posts + n,
    eventCount: users.length * 6 + displayNames * 2 + options.posts + n,
    *streams() {
      for (const u of users) yield* userStreams(u);
      // Posts and their likes and ratings merged in time order: a post always comes first.
      let p = 0;
      for (let i = 0; i < n; i += 1) {
        const e = order[i];
        while (p < options.posts && postTimes[p] <= at[e]) yield postStream(p++);
        yield engagementStream(e);
      }
      while (p < options.posts) yield postStream(p++);
    },
  };
}

/** Steps that visit every one of `n` users once before repeating (gcd(step, n) = 1). */
function coprimeSteps(n: number): number[] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const steps: number[] = [];
  for (let step = 1; step < n && steps.length < 64; step += 7) {
    if (gcd(step, n) === 1) steps.push(step);
  }
  return steps.length > 0 ? steps : [1];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
