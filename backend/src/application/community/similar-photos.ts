import { Inject, Injectable } from '@nestjs/common';
import {
  hammingDistance,
  hashBands,
  isPerceptualHash,
  SAME_PHOTO_MAX_BITS,
} from '../../domain/post/perceptual-hash';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import {
  PHOTO_FINGERPRINTS,
  type PhotoFingerprintDocument,
} from '../../projections/photo-fingerprints/photo-fingerprints.projection';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';

/** Enough to show a moderator where the photo came from. */
const MAX_SIMILAR = 10;

/**
 * Re-posts: the posts of other accounts whose photo is the same as a new one (its perceptual
 * hash within a few bits), found through the hash's bands. Publishing records them on the new
 * post, which then carries the `repost` moderation flag. An account posting its own photo again
 * is no re-post. Two accounts posting the same photo at the same instant may miss each other: the
 * flag is a hint for moderators, not a lock.
 */
@Injectable()
export class SimilarPhotos {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async postedByOthers(imageHash: string, authorId: string): Promise<string[]> {
    const same = await this.samePhoto(imageHash);
    return this.posted(same.filter((post) => post.authorId !== authorId));
  }

  /**
   * An upload that repeats another account's post: those posts, or none when the uploader has
   * posted the same photo too (their own photo, even if someone copied it since) or is a visitor
   * and nobody posted it.
   */
  async repostedFrom(imageHash: string, uploaderId: string | null): Promise<string[]> {
    const same = await this.samePhoto(imageHash);
    if (uploaderId !== null && same.some((post) => post.authorId === uploaderId)) return [];
    return this.posted(same);
  }

  /** The fingerprinted posts whose photo is within `SAME_PHOTO_MAX_BITS` of `imageHash`. */
  private async samePhoto(imageHash: string): Promise<{ postId: string; authorId: string }[]> {
    if (!isPerceptualHash(imageHash)) return [];
    const bands = await Promise.all(
      hashBands(imageHash).map((id) =>
        this.readStore.findOne<PhotoFingerprintDocument>(PHOTO_FINGERPRINTS, { _id: id }),
      ),
    );
    const same = new Map<string, { postId: string; authorId: string }>();
    for (const band of bands) {
      for (const post of band?.posts ?? []) {
        if (hammingDistance(post.imageHash, imageHash) <= SAME_PHOTO_MAX_BITS) {
          same.set(post.postId, post);
        }
      }
    }
    return [...same.values()];
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
