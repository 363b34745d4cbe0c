import { hashBands } from '../../domain/post/perceptual-hash';
import { fingerprintBands, fingerprintKeys } from '../../domain/post/photo-fingerprint';
import type { PostDeleted, PostFingerprinted, PostPublished } from '../../domain/post/post.events';
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
  /**
   * Those of the re-post fingerprint's keys (see `fingerprintPhoto`) that have this band: what a
   * lookup by band finds; absent on posts without a fingerprint, and in a dHash band.
   */
  keys?: string[];
}

/**
 * One document per band: of a dHash (`_id` like `2:ab12`, see `hashBands`), every post's, and
 * of each key of the re-post fingerprint (`f2:ab12`, see `fingerprintBands`), the posts
 * with a key in that band and those keys. A new photo's bands find the posts whose photo may be
 * the same without reading every post. A post fingerprinted again (`PostFingerprinted`, the
 * back-fill) joins the bands of its new keys; its earlier keys are among them.
 */
export interface PhotoFingerprintDocument extends ReadDocument {
  posts: FingerprintedPost[];
}

type Handled =
  | RecordedEvent<'PostPublished', PostPublished['data']>
  | RecordedEvent<'PostFingerprinted', PostFingerprinted['data']>
  | RecordedEvent<'PostDeleted', PostDeleted['data']>;

export const photoFingerprintsProjection: Projection<PhotoFingerprintDocument> = {
  collection: PHOTO_FINGERPRINTS,
  handles: ['PostPublished', 'PostFingerprinted', 'PostDeleted'],

  documentId(recorded) {
    const { hash, keys } = hashesOf(recorded as Handled);
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

/** The dHash and the fingerprint keys an event names (a re-fingerprint names only its keys). */
function hashesOf(event: Handled): { hash: unknown; keys: string[] } {
  switch (event.type) {
    case 'PostPublished':
      return {
        hash: event.data?.image?.imageHash,
        keys: fingerprintKeys(event.data?.image?.fingerprint),
      };
    case 'PostFingerprinted':
      return { hash: undefined, keys: fingerprintKeys(event.data?.fingerprint) };
    default:
      return { hash: event.data?.imageHash, keys: fingerprintKeys(event.data?.fingerprint) };
  }
}

/** The band's document after the event: a new one, or (`inPlace`) `document` itself changed. */
function change(
  document: PhotoFingerprintDocument | null,
  event: Handled,
  band: string,
  inPlace: boolean,
): PhotoFingerprintDocument | null {
  const posts = document?.posts ?? [];
  const { postId } = event.data;
  if (event.type === 'PostDeleted') {
    const left = posts.filter((post) => post.postId !== postId);
    return left.length > 0 && document ? { ...document, posts: left } : null;
  }
  if (!band) return document;
  const { authorId } = event.data;
  const imageHash = (
    event.type === 'PostPublished' ? event.data.image.imageHash : event.data.imageHash
  ).toLowerCase();
  const { keys } = hashesOf(event);
  const inBand = band.startsWith('f')
    ? keys.filter((key) => fingerprintBands(key).includes(band))
    : [];
  const listed: FingerprintedPost = {
    postId,
    authorId,
    imageHash,
    ...(inBand.length > 0 && { keys: inBand }),
  };
  const at = posts.findIndex((post) => post.postId === postId);
  // A repeated PostPublished changes nothing; a re-fingerprint lists the post's keys anew.
  if (at >= 0 && event.type === 'PostPublished') return document;
  if (inPlace && document) {
    if (at >= 0) document.posts[at] = listed;
    else document.posts.push(listed);
    return document;
  }
  const next = at >= 0 ? posts.map((post, i) => (i === at ? listed : post)) : [...posts, listed];
  return { _id: band, posts: next };
}
