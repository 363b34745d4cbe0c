import { hashBands } from '../../domain/post/perceptual-hash';
import { fingerprintBands, fingerprintKeys } from '../../domain/post/photo-fingerprint';
import type { PostDeleted, PostPublished } from '../../domain/post/post.events';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const PHOTO_FINGERPRINTS = 'photo_fingerprints';

/** A published photo as a fingerprint band lists it. */
export interface FingerprintedPost {
  postId: string;
  authorId: string;
  /** The 64-bit dHash every post has. */
  imageHash: string;
  /** The re-post fingerprint's keys (see `fingerprintPhoto`); absent on older posts. */
  keys?: string[];
}

/**
 * One document per band: of a dHash (`_id` like `2:ab12`, see `hashBands`), every post's, and
 * of each key of the re-post fingerprint (`f2:ab12`, see `fingerprintBands`), the posts
 * published since it has been recorded. It lists the posts whose hash has that band: a new
 * photo's bands find the posts whose photo may be the same without reading every post. Events
 * from before the fingerprint carry only the dHash and rebuild the same documents as before.
 */
export interface PhotoFingerprintDocument extends ReadDocument {
  posts: FingerprintedPost[];
}

type Handled =
  | RecordedEvent<'PostPublished', PostPublished['data']>
  | RecordedEvent<'PostDeleted', PostDeleted['data']>;

export const photoFingerprintsProjection: Projection<PhotoFingerprintDocument> = {
  collection: PHOTO_FINGERPRINTS,
  handles: ['PostPublished', 'PostDeleted'],

  documentId(recorded) {
    const event = recorded as Handled;
    const hash =
      event.type === 'PostPublished' ? event.data?.image?.imageHash : event.data?.imageHash;
    const keys = fingerprintKeys(
      event.type === 'PostPublished' ? event.data?.image?.fingerprint : event.data?.fingerprint,
    );
    const bands = [
      ...(typeof hash === 'string' ? hashBands(hash) : []),
      ...new Set(keys.flatMap(fingerprintBands)),
    ];
    return bands.length > 0 ? bands : null;
  },

  apply(document, recorded, band = '') {
    return change(document, recorded as Handled, band, false);
  },

  applyInPlace(document, recorded, band = '') {
    return change(document, recorded as Handled, band, true);
  },
};

/** The band's document after the event: a new one, or (`inPlace`) `document` itself changed. */
function change(
  document: PhotoFingerprintDocument | null,
  event: Handled,
  band: string,
  inPlace: boolean,
): PhotoFingerprintDocument | null {
  const posts = document?.posts ?? [];
  const { postId } = event.data;
  if (event.type === 'PostPublished') {
    if (posts.some((post) => post.postId === postId) || !band) return document;
    const { authorId, image } = event.data;
    const keys = fingerprintKeys(image.fingerprint);
    const listed: FingerprintedPost = {
      postId,
      authorId,
      imageHash: image.imageHash.toLowerCase(),
      ...(keys.length > 0 && { keys }),
    };
    if (inPlace && document) {
      document.posts.push(listed);
      return document;
    }
    return { _id: band, posts: [...posts, listed] };
  }
  const left = posts.filter((post) => post.postId !== postId);
  return left.length > 0 && document ? { ...document, posts: left } : null;
}
