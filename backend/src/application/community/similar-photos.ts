import { Inject, Injectable } from '@nestjs/common';
import {
  hammingDistance,
  hashBands,
  isPerceptualHash,
  SAME_PHOTO_MAX_BITS,
} from '../../domain/post/perceptual-hash';
import { ALREADY_POSTED } from '../../domain/post/account-photos.decider';
import {
  closestDetail,
  FINGERPRINT_VERSION,
  hashWords,
  fingerprintBands,
  isFingerprintHash,
  type PhotoFingerprint,
  recordedVersion,
} from '../../domain/post/photo-fingerprint';
import { samePictureVerdict } from '../../domain/post/same-picture';
import { ConflictError } from '../../domain/shared/errors';
import {
  IMAGE_PROCESSOR,
  type ImageProcessor,
  type PhotoKeypoints,
} from '../ports/image-processor.port';
import { IMAGE_STORAGE, type ImageStorage, imageKeys } from '../ports/image-storage.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import {
  type FingerprintedPost,
  PHOTO_FINGERPRINTS,
  type PhotoFingerprintDocument,
} from '../../projections/photo-fingerprints/photo-fingerprints.projection';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';

/** Enough to show a moderator where the photo came from. */
const MAX_SIMILAR = 10;
/**
 * The fingerprint's candidates the geometric check looks at, closest first: a copy or an edit
 * is among the closest, and the check's cost stays bounded however many posts share a layout.
 */
const MAX_CHECKED = 8;
/** Keypoints of posts' photos kept between checks: a candidate met again costs no decode. */
const KEYPOINT_CACHE = 256;

export { ALREADY_POSTED };

/**
 * A photo to look for: its dHash, its fingerprint's probes (none: the dHash alone), and its
 * keypoints for the geometric check (found only when a candidate needs them; null: none can be
 * found, and a candidate stays unsure).
 */
export interface PhotoToMatch {
  imageHash: string;
  probes: readonly string[];
  keypoints: () => Promise<PhotoKeypoints | null>;
}

/** Posts whose photo the check confirmed is this picture, and those it was unsure of. */
export interface SamePictures {
  same: PostDocument[];
  unsure: PostDocument[];
}

/** A recorded photo to publish: what finds it, and the keys (and their version) it is filed by. */
export interface PhotoToPublish extends PhotoToMatch {
  keys: string[];
  fingerprintVersion: number;
}

/** A published or publishable photo, as a rating or a post records it. */
export interface RecordedPhoto {
  imageHash: string;
  contentHash: string;
  fingerprint?: string[];
}

/**
 * Re-posts: posts whose photo is the same as a new one, found through the bands of their hashes (an
 * index, no scan): a dHash within `SAME_PHOTO_MAX_BITS`, or a probe within
 * `NEAR_DUPLICATE_MAX_BITS` of a fingerprint key (a mirror, crop, turn, re-encode or resize). Other
 * accounts' posts of the photo flag the new one `repost`; an author's second post of a photo is
 * refused, by the read model at once and for certain by the claim on the author's photo stream.
 */
@Injectable()
export class SimilarPhotos {
  private readonly keypointCache = new Map<string, PhotoKeypoints>();

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(IMAGE_PROCESSOR) private readonly processor: ImageProcessor,
  ) {}

  /**
   * The photo to match of a recorded one: its probes are made again from the stored file (they
   * are not recorded: a thousand hashes a photo), and its keys too, at the current version (a
   * rating made before it publishes with them); a file that cannot be read gives its keys.
   */
  async ofRecorded(photo: RecordedPhoto): Promise<PhotoToPublish> {
    const fingerprint = await this.fingerprintOf(photo.contentHash);
    const recorded = (photo.fingerprint ?? []).filter(isFingerprintHash);
    return {
      imageHash: photo.imageHash,
      keypoints: once(() => this.storedKeypoints(photo.contentHash)),
      probes: fingerprint?.probes ?? recorded,
      keys: fingerprint?.keys ?? recorded,
      fingerprintVersion: fingerprint
        ? FINGERPRINT_VERSION
        : recordedVersion({ fingerprint: recorded }),
    };
  }

  /** The fingerprint of a stored photo, made again from its file; null when it cannot be read. */
  async fingerprintOf(contentHash: string): Promise<PhotoFingerprint | null> {
    const stored = await this.images.get(imageKeys(contentHash).image);
    return stored ? this.processor.fingerprint(stored).catch(() => null) : null;
  }

  /** Other accounts' posts of this photo, confirmed or unsure: a publish is held for a look. */
  async postedByOthers(photo: PhotoToMatch, authorId: string): Promise<string[]> {
    const { same, unsure } = await this.samePictures(photo, (post) => post.authorId !== authorId);
    return this.posted([...same, ...unsure]);
  }

  /**
   * Refuses (409) a photo its author still has a post of, whatever it was edited into; a post
   * its author deleted no longer counts. `postId`, the post being published, is left to its own
   * stream (a rating is published once).
   */
  async assertNotPostedBy(photo: PhotoToMatch, authorId: string, postId: string): Promise<void> {
    const { same } = await this.samePictures(
      photo,
      (post) => post.authorId === authorId && post.postId !== postId,
    );
    if (same.length > 0) throw new ConflictError(ALREADY_POSTED);
  }

  /**
   * An upload that repeats another account's post the public sees: those posts the check is
   * sure of, or none when the uploader has posted the same photo too (their own photo, even if
   * someone copied it since) or nobody posted it. A post the public does not see (held, hidden,
   * removed) refuses nothing: the refusal would tell that it exists. Publishing the upload holds
   * it for a moderator instead (`postedByOthers`).
   */
  async repostedFrom(photo: PhotoToMatch, uploaderId: string | null): Promise<string[]> {
    const { same } = await this.samePictures(photo, () => true);
    if (uploaderId !== null && same.some((post) => post.authorId === uploaderId)) return [];
    return this.posted(same.filter((post) => post.listed));
  }

  /** Whether `photo` is, whatever it was edited into, the photo of a post a moderator removed. */
  async removedPhoto(photo: PhotoToMatch): Promise<boolean> {
    const { same } = await this.samePictures(photo, () => true);
    return same.some((post) => post.removed);
  }

  /**
   * Which of `posts` (claims on an account's photo stream, say) show the same picture as
   * `photo`, and which the check is unsure of: the geometric check on each of them.
   */
  async confirm(photo: PhotoToMatch, posts: { postId: string; contentHash?: string }[]) {
    // A claim recorded before claims named their file: its post's, as the read model has it.
    const stored = await Promise.all(
      posts.map(async ({ postId, contentHash }) => ({
        contentHash:
          contentHash ??
          (await this.readStore.findOne<PostDocument>(POSTS, { _id: postId }))?.contentHash,
      })),
    );
    const verdicts = await this.check(photo, stored);
    return {
      same: posts.filter((_, i) => verdicts[i] === 'same').map(({ postId }) => postId),
      unsure: posts.filter((_, i) => verdicts[i] === 'unsure').map(({ postId }) => postId),
    };
  }

  /**
   * The posts (of those `which` keeps) that show the same picture as `photo`: the fingerprint's
   * candidates (found through the index), closest first, then the geometric check on the
   * `MAX_CHECKED` closest, whose photo's keypoints are read from its stored thumbnail.
   */
  private async samePictures(
    photo: PhotoToMatch,
    which: (post: FingerprintedPost) => boolean,
  ): Promise<SamePictures> {
    const candidates = (await this.samePhoto(photo)).filter(which).slice(0, MAX_CHECKED);
    if (candidates.length === 0) return { same: [], unsure: [] };
    // The posts still there, closest first: one read for all of them.
    const found = await this.readStore.find<PostDocument>(POSTS, {
      _id: { $in: candidates.map(({ postId }) => postId) },
    });
    const byId = new Map(found.map((post) => [post._id, post]));
    const posts = candidates.flatMap(({ postId }) => byId.get(postId) ?? []);
    const verdicts = await this.check(photo, posts);
    return {
      same: posts.filter((_, i) => verdicts[i] === 'same'),
      unsure: posts.filter((_, i) => verdicts[i] === 'unsure'),
    };
  }

  /** The geometric check of `photo` against each stored photo; unsure where it cannot run. */
  private async check(photo: PhotoToMatch, posts: { contentHash?: string }[]) {
    if (posts.length === 0) return [];
    const upload = await photo.keypoints().catch(() => null);
    return Promise.all(
      posts.map(async ({ contentHash }) => {
        const post = contentHash ? await this.storedKeypoints(contentHash).catch(() => null) : null;
        if (!upload || !post) return 'unsure' as const;
        return samePictureVerdict(await this.processor.matchingKeypoints(upload, post));
      }),
    );
  }

  /** The keypoints of a stored photo, from its thumbnail (cached); null when it is not stored. */
  private async storedKeypoints(contentHash: string): Promise<PhotoKeypoints | null> {
    const cached = this.keypointCache.get(contentHash);
    if (cached) {
      this.keypointCache.delete(contentHash);
      this.keypointCache.set(contentHash, cached);
      return cached;
    }
    const keys = imageKeys(contentHash);
    const stored = (await this.images.get(keys.thumbnail)) ?? (await this.images.get(keys.image));
    if (!stored) return null;
    const keypoints = await this.processor.keypoints(stored);
    this.keypointCache.set(contentHash, keypoints);
    if (this.keypointCache.size > KEYPOINT_CACHE) {
      this.keypointCache.delete(this.keypointCache.keys().next().value as string);
    }
    return keypoints;
  }

  /** The fingerprinted posts whose photo the fingerprint finds like `photo`'s, closest first. */
  private async samePhoto(photo: PhotoToMatch): Promise<FingerprintedPost[]> {
    const dHash = isPerceptualHash(photo.imageHash) ? photo.imageHash.toLowerCase() : null;
    const probes = photo.probes.filter(isFingerprintHash);
    const bands = new Set([
      ...(dHash ? hashBands(dHash) : []),
      ...probes.flatMap(fingerprintBands),
    ]);
    if (bands.size === 0) return [];
    const documents = await this.readStore.find<PhotoFingerprintDocument>(PHOTO_FINGERPRINTS, {
      bands: { $in: [...bands] },
    });
    if (documents.length === 0) return [];
    const probeWords = hashWords(probes);
    return documents
      .map((document) => ({
        post: {
          postId: document._id,
          authorId: document.authorId,
          imageHash: document.imageHash,
          keys: document.keys,
        },
        distance: Math.min(
          dHash !== null &&
            isPerceptualHash(document.imageHash) &&
            hammingDistance(document.imageHash, dHash) <= SAME_PHOTO_MAX_BITS
            ? hammingDistance(document.imageHash, dHash) * 4
            : Infinity,
          closestDetail(probeWords, document.keys),
        ),
      }))
      .filter(({ distance }) => distance !== Infinity)
      .sort((a, b) => a.distance - b.distance)
      .map(({ post }) => post);
  }

  /** The ids of `posts`, oldest first, at most `MAX_SIMILAR`. */
  private posted(posts: PostDocument[]): string[] {
    return [...posts]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .slice(0, MAX_SIMILAR)
      .map((post) => post._id);
  }
}

/** `make`, run once, on first call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}
