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
 * is no re-post; a visitor (`authorId` null) is nobody's author, so every post counts. Two accounts posting the same photo at the same instant may miss each other: the
 * flag is a hint for moderators, not a lock.
 */
@Injectable()
export class SimilarPhotos {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async postedByOthers(imageHash: string, authorId: string | null): Promise<string[]> {
    if (!isPerceptualHash(imageHash)) return [];
    const bands = await Promise.all(
      hashBands(imageHash).map((id) =>
        this.readStore.findOne<PhotoFingerprintDocument>(PHOTO_FINGERPRINTS, { _id: id }),
      ),
    );
    const candidates = new Set<string>();
    for (const band of bands) {
      for (const post of band?.posts ?? []) {
        if (
          post.authorId !== authorId &&
          hammingDistance(post.imageHash, imageHash) <= SAME_PHOTO_MAX_BITS
        ) {
          candidates.add(post.postId);
        }
      }
    }
    const posts = await Promise.all(
      [...candidates].map((id) => this.readStore.findOne<PostDocument>(POSTS, { _id: id })),
    );
    return posts
      .filter((post): post is PostDocument => post !== null)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .slice(0, MAX_SIMILAR)
      .map((post) => post._id);
  }
}
