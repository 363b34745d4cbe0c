import { hashBands, isPerceptualHash } from '../../domain/post/perceptual-hash';
import { fingerprintBands, fingerprintKeys } from '../../domain/post/photo-fingerprint';
import type { PostDeleted, PostFingerprinted, PostPublished } from '../../domain/post/post.events';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const PHOTO_FINGERPRINTS = 'photo_fingerprints';

/** A published photo as the re-post check compares it. */
export interface FingerprintedPost {
  postId: string;
  authorId: string;
  /** The 64-bit dHash every post has. */
  imageHash: string;
  /** The re-post fingerprint's keys (see `fingerprintPhoto`); none on posts without one. */
  keys: string[];
}

/**
 * One document per published post: its photo's dHash and fingerprint keys, and `bands`, the bands
 * of both. The terms index on `bands` finds the posts whose photo may be the same as a new one
 * without reading every post, and a document stays one post's size however many posts share a band.
 * A post fingerprinted again (the back-fill) keeps its earlier keys beside the new ones.
 */
export interface PhotoFingerprintDocument extends ReadDocument {
  authorId: string;
  imageHash: string;
  keys: string[];
  bands: string[];
}

type Handled =
  | RecordedEvent<'PostPublished', PostPublished['data']>
  | RecordedEvent<'PostFingerprinted', PostFingerprinted['data']>
  | RecordedEvent<'PostDeleted', PostDeleted['data']>;

export const photoFingerprintsProjection: Projection<PhotoFingerprintDocument> = {
  collection: PHOTO_FINGERPRINTS,
  handles: ['PostPublished', 'PostFingerprinted', 'PostDeleted'],
  indexes: [{ keys: { bands: 1 }, terms: true }],

  documentId(recorded) {
    const postId = (recorded.data as { postId?: unknown } | null)?.postId;
    return typeof postId === 'string' ? postId : null;
  },

  apply(document, recorded) {
    const event = recorded as Handled;
    switch (event.type) {
      case 'PostDeleted':
        return null;
      case 'PostPublished': {
        // A repeated PostPublished changes nothing.
        if (document) return document;
        const { postId, authorId, image } = event.data;
        return filed(postId, authorId, image?.imageHash, fingerprintKeys(image?.fingerprint));
      }
      case 'PostFingerprinted': {
        const { postId, authorId, imageHash, fingerprint } = event.data;
        const keys = [...new Set([...(document?.keys ?? []), ...fingerprintKeys(fingerprint)])];
        return filed(postId, authorId, document?.imageHash ?? imageHash, keys);
      }
      default:
        return document;
    }
  },
};

/** The post's document, or null when nothing finds its photo (no usable dHash, no key). */
function filed(
  postId: string,
  authorId: string,
  hash: unknown,
  keys: string[],
): PhotoFingerprintDocument | null {
  const imageHash = isPerceptualHash(hash) ? hash.toLowerCase() : '';
  const bands = [...new Set([...hashBands(imageHash), ...keys.flatMap(fingerprintBands)])];
  if (bands.length === 0) return null;
  return { _id: postId, authorId, imageHash, keys, bands };
}
