import { photoRatingDecider } from '../../domain/photo-rating/photo-rating.decider';
import {
  accountPhotosDecider,
  accountPhotosStreamId,
  candidateClaims,
} from '../../domain/post/account-photos.decider';
import { ConflictError } from '../../domain/shared/errors';
import {
  postingOriginsDecider,
  postingOriginsStreamId,
} from '../../domain/post-rating/posting-origins.decider';
import type { GateVerdict } from '../../domain/photo-rating/photo-rating.events';
import { postDecider } from '../../domain/post/post.decider';
import type { AiRating, PostImage } from '../../domain/post/post.events';
import { type ClientOrigin, originMarks } from '../accounts/client-marks';
import type { KeyedHasher } from '../ports/keyed-hasher.port';
import type { By } from '../shared/command-metadata';
import type { StreamWrites } from '../shared/stream-writes';
import type { PhotoToMatch, PhotoToPublish, SimilarPhotos } from './similar-photos';

/** The stream of a post: its publish and its delete are decided there. */
export const postStreamId = (postId: string) => `post-${postId}`;

/** A new post as its publish handler makes it: which rating it takes, its photo, its image. */
interface NewPost {
  userId: string;
  postId: string;
  /** The rating record the post takes, claimed on its stream with the publish key presented. */
  rating: { ratingId: string; publishKeyHash: string | null };
  /** The photo claimed for the author and filed by; null: none (the rating's stream decides). */
  photo: PhotoToPublish | null;
  /** The image as recorded; the photo's fingerprint is added to it when there is a photo. */
  image: PostImage;
  ai: AiRating | null;
  gate: GateVerdict | null;
  requireApproval: boolean;
  origin: ClientOrigin | null;
}

/**
 * Publishes a new post: claims its photo (`publishClaimed`) and its rating record, publishes it
 * on its stream with the other members' posts of the same photo, notes where the author posted
 * from, and waits until the read models have it (answers whether they did in the bounded wait).
 */
export async function publishPost(
  writes: StreamWrites,
  hasher: KeyedHasher,
  similarPhotos: Pick<SimilarPhotos, 'postedByOthers' | 'confirm'>,
  post: NewPost,
  author: By,
): Promise<boolean> {
  const { userId, postId, rating, photo } = post;
  const claim = photo && { ...photo, contentHash: post.image.contentHash };
  const claiming = { userId, postId, photo: claim };
  const decided = await publishClaimed(writes, similarPhotos, claiming, author, async () => {
    await claimRating(writes, rating.ratingId, postId, userId, rating.publishKeyHash, author);
    return writes.decide(
      postStreamId(postId),
      postDecider,
      {
        type: 'PublishPost',
        data: {
          postId,
          authorId: userId,
          image: photo ? { ...post.image, ...filedBy(photo) } : post.image,
          ai: post.ai,
          similarTo: photo ? await similarPhotos.postedByOthers(photo, userId) : [],
          gate: post.gate,
          requireApproval: post.requireApproval,
        },
      },
      author,
    );
  });
  const noted = await notePostingOrigin(
    writes,
    hasher,
    { userId, postId, origin: post.origin },
    author,
  );
  return writes.settled(noted ?? decided.position);
}

/** The rating's own stream records that it becomes `postId`, or refuses (see its decider). */
async function claimRating(
  writes: StreamWrites,
  ratingId: string,
  postId: string,
  userId: string,
  presentedKeyHash: string | null,
  author: By,
): Promise<void> {
  await writes.decide(
    `rating-${ratingId}`,
    photoRatingDecider,
    { type: 'PublishRating', data: { ratingId, postId, userId, publishKeyHash: presentedKeyHash } },
    author,
  );
}

/** A photo as a publish claims it: what it is known by, what finds its edits, its stored file. */
type ClaimedPhoto = PhotoToMatch & { keys: readonly string[]; contentHash: string };

/** Said when a claim landed on the stream while this one was being checked: it looks again. */
const CLAIMS_MOVED = 'Another post of this account claimed a photo meanwhile';
const CLAIM_ATTEMPTS = 4;

/**
 * Claims the photo for `postId` on the author's photo stream, or refuses (409) a photo the author
 * has a post of (see the account photos decider): the candidates on the stream are checked for
 * the same picture, and the claim is decided on the revision they were read at (looked at again
 * when another claim landed meanwhile). Answers whether this call claimed it (false: the same
 * post had claimed it before), so that a publish that fails afterwards frees only its own.
 */
async function claimPhoto(
  writes: StreamWrites,
  similarPhotos: Pick<SimilarPhotos, 'confirm'>,
  { userId, postId }: { userId: string; postId: string },
  photo: ClaimedPhoto,
  author: By,
): Promise<boolean> {
  const { imageHash, keys, probes, contentHash } = photo;
  const stream = accountPhotosStreamId(userId);
  for (let attempt = 1; ; attempt += 1) {
    const { state, revision } = await writes.load(accountPhotosDecider, stream);
    const candidates = candidateClaims(state, imageHash, probes).filter(
      (claimed) => claimed.postId !== postId,
    );
    const { same } = await similarPhotos.confirm(photo, candidates);
    try {
      const decided = await writes.decide(
        stream,
        accountPhotosDecider,
        {
          type: 'ClaimPhoto',
          data: { userId, postId, imageHash, keys, probes, contentHash, samePictureAs: same },
        },
        author,
        { basedOn: { revision, conflictMessage: CLAIMS_MOVED } },
      );
      return decided.events.length > 0;
    } catch (error) {
      const moved = error instanceof ConflictError && error.message === CLAIMS_MOVED;
      if (!moved || attempt >= CLAIM_ATTEMPTS) throw error;
    }
  }
}

/**
 * Claims the photo of `postId` for its author (`claimPhoto`; none to claim: a photo only its
 * rating's stream decides), then runs `publish`; should that be refused (the rating published
 * or discarded meanwhile), the claim this call made is released: the photo is free again.
 */
async function publishClaimed<T>(
  writes: StreamWrites,
  similarPhotos: Pick<SimilarPhotos, 'confirm'>,
  post: { userId: string; postId: string; photo: ClaimedPhoto | null },
  author: By,
  publish: () => Promise<T>,
): Promise<T> {
  const { userId, postId, photo } = post;
  const claimed = photo ? await claimPhoto(writes, similarPhotos, post, photo, author) : false;
  try {
    return await publish();
  } catch (error) {
    if (claimed) await releasePhoto(writes, userId, postId, author);
    throw error;
  }
}

/** The fingerprint a new post files its photo by (none when the photo has no keys). */
function filedBy(photo: {
  keys: string[];
  fingerprintVersion: number;
}): Pick<PostImage, 'fingerprint' | 'fingerprintVersion'> {
  return photo.keys.length > 0
    ? { fingerprint: photo.keys, fingerprintVersion: photo.fingerprintVersion }
    : {};
}

/** Frees the photo of `postId`, never published after its claim. */
async function releasePhoto(
  writes: StreamWrites,
  userId: string,
  postId: string,
  author: By,
): Promise<void> {
  await writes.decide(
    accountPhotosStreamId(userId),
    accountPhotosDecider,
    { type: 'ReleasePhoto', data: { userId, postId } },
    author,
  );
}

/**
 * Records where the author published `postId` from (keyed marks only), for the vote rules: a
 * vote later cast from that network or browser is tied to the author. Answers the position of
 * what it appended (null: nothing new, or nothing known of the origin).
 */
async function notePostingOrigin(
  writes: StreamWrites,
  hasher: KeyedHasher,
  post: { userId: string; postId: string; origin: ClientOrigin | null },
  author: By,
): Promise<bigint | null> {
  const from = originMarks(hasher, post.origin);
  if (from.network === null && from.browser === null) return null;
  const { userId, postId } = post;
  const decided = await writes.decide(
    postingOriginsStreamId(userId),
    postingOriginsDecider,
    { type: 'NotePostingOrigin', data: { userId, postId, from } },
    author,
  );
  return decided.position;
}
