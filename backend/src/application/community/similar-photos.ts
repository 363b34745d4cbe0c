import { Inject, Injectable } from '@nestjs/common';
import {
  hammingDistance,
  hashBands,
  isPerceptualHash,
  SAME_PHOTO_MAX_BITS,
} from '../../domain/post/perceptual-hash';
import { ALREADY_POSTED } from '../../domain/post/account-photos.decider';
import {
  FINGERPRINT_VERSION,
  fingerprintBands,
  isFingerprintHash,
  nearDuplicate,
  type PhotoFingerprint,
  recordedVersion,
} from '../../domain/post/photo-fingerprint';
import { ConflictError } from '../../domain/shared/errors';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../ports/image-processor.port';
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

export { ALREADY_POSTED };

/** A photo to look for: its dHash and its fingerprint's probes (none: the dHash alone). */
export interface PhotoToMatch {
  imageHash: string;
  probes: readonly string[];
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
 * Re-posts: the posts whose photo is the same as a new one, found through the bands of their
 * hashes (no scan). The same photo is a dHash within `SAME_PHOTO_MAX_BITS` (every post has one)
 * or a probe of the new photo within `NEAR_DUPLICATE_MAX_BITS` of a key of the post's
 * fingerprint (posts published since it is recorded): a mirror, a crop, a turn, a re-encode, a
 * resize or a light colour change of it.
 *
 * Publishing records the other accounts' posts of the photo on the new post (the `repost`
 * moderation flag, read at publish time as the upload check does) and refuses a second post of
 * a photo its author still has a post of: `assertNotPostedBy` answers at once from the read
 * model (posts from before the author's photo stream included), and the claim on that stream
 * (`claimPhoto`) decides it, two publishes at the same instant included.
 */
@Injectable()
export class SimilarPhotos {
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

  async postedByOthers(photo: PhotoToMatch, authorId: string): Promise<string[]> {
    const same = await this.samePhoto(photo);
    return this.posted(same.filter((post) => post.authorId !== authorId));
  }

  /**
   * Refuses (409) a photo its author still has a post of, whatever it was edited into; a post
   * its author deleted no longer counts. `postId`, the post being published, is left to its own
   * stream (a rating is published once).
   */
  async assertNotPostedBy(photo: PhotoToMatch, authorId: string, postId: string): Promise<void> {
    const same = await this.samePhoto(photo);
    const own = await this.posted(
      same.filter((post) => post.authorId === authorId && post.postId !== postId),
    );
    if (own.length > 0) throw new ConflictError(ALREADY_POSTED);
  }

  /**
   * An upload that repeats another account's post: those posts, or none when the uploader has
   * posted the same photo too (their own photo, even if someone copied it since) or is a visitor
   * and nobody posted it.
   */
  async repostedFrom(photo: PhotoToMatch, uploaderId: string | null): Promise<string[]> {
    const same = await this.samePhoto(photo);
    if (uploaderId !== null && same.some((post) => post.authorId === uploaderId)) return [];
    return this.posted(same);
  }

  /** Whether `photo` is, whatever it was edited into, the photo of a post a moderator removed. */
  async removedPhoto(photo: PhotoToMatch): Promise<boolean> {
    const same = await this.samePhoto(photo);
    const posts = await Promise.all(
      same.map(({ postId }) => this.readStore.findOne<PostDocument>(POSTS, { _id: postId })),
    );
    return posts.some((post) => post?.removed === true);
  }

  /** The fingerprinted posts whose photo is the same as `photo`'s. */
  private async samePhoto(photo: PhotoToMatch): Promise<FingerprintedPost[]> {
    const dHash = isPerceptualHash(photo.imageHash) ? photo.imageHash.toLowerCase() : null;
    const probes = photo.probes.filter(isFingerprintHash);
    const bands = new Set([
      ...(dHash ? hashBands(dHash) : []),
      ...probes.flatMap(fingerprintBands),
    ]);
    if (bands.size === 0) return [];
    const documents = await this.readStore.find<PhotoFingerprintDocument>(PHOTO_FINGERPRINTS, {
      _id: { $in: [...bands] },
    });
    // A post is listed in each of its bands with the keys that have that band: gathered, they
    // are the keys a probe of this photo can meet.
    const found = new Map<string, { post: FingerprintedPost; keys: string[] }>();
    for (const document of documents) {
      for (const post of document.posts) {
        const seen = found.get(post.postId);
        if (seen) seen.keys.push(...(post.keys ?? []));
        else found.set(post.postId, { post, keys: [...(post.keys ?? [])] });
      }
    }
    return [...found.values()]
      .filter(
        ({ post, keys }) =>
          (dHash !== null && hammingDistance(post.imageHash, dHash) <= SAME_PHOTO_MAX_BITS) ||
          (keys.length > 0 && nearDuplicate(probes, [...new Set(keys)])),
      )
      .map(({ post }) => post);
  }

  /** The posts still there, oldest first, at most `MAX_SIMILAR`. */
  private async posted(candidates: { postId: string }[]): Promise<string[]> {
    const posts = await Promise.all(
      candidates.map(({ postId }) => this.readStore.findOne<PostDocument>(POSTS, { _id: postId })),
    );
    return posts
      .filter((post): post is PostDocument => post !== null)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .slice(0, MAX_SIMILAR)
      .map((post) => post._id);
  }
}
