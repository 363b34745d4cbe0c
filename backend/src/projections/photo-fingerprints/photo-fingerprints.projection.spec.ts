import type { RecordedEvent } from '../../domain/shared/event';
import {
  projectionSpecification,
  recorded as recordedEvent,
} from '../testing/projection-specification';
import { photoFingerprintsProjection as projection } from './photo-fingerprints.projection';

const AT = '2026-11-22T10:00:00.000Z';

const recorded = (type: string, data: unknown): RecordedEvent =>
  recordedEvent(type, data, {
    at: AT,
    streamId: 'post-p-1',
    metadata: { actor: { type: 'user', id: 'u-1' } },
  });

const image = (imageHash: string) => ({
  imageUrl: '/uploads/ab/ab12.webp',
  thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
  imageHash,
  contentHash: 'ab12',
});
const published = (postId: string, imageHash: string, authorId = 'u-1') =>
  recorded('PostPublished', { postId, authorId, image: image(imageHash), ai: null, similarTo: [] });
const deleted = (postId: string, imageHash?: string) =>
  recorded('PostDeleted', { postId, authorId: 'u-1', contentHash: 'ab12', imageHash });

const spec = projectionSpecification(projection);

describe('photo fingerprints projection', () => {
  it('given a published photo, lists the post under each of its hash’s four bands', () => {
    const bands = spec.given(published('p-1', '0123456789ABCDEF')).documents();
    expect([...bands.keys()]).toEqual(['0:0123', '1:4567', '2:89ab', '3:cdef']);
    expect(bands.get('2:89ab')).toEqual({
      _id: '2:89ab',
      posts: [{ postId: 'p-1', authorId: 'u-1', imageHash: '0123456789abcdef' }],
    });
  });

  it('lists two posts that share a band in the same document, once each', () => {
    const bands = spec
      .given(
        published('p-1', '0123456789abcdef'),
        published('p-2', '0123ffffffffffff', 'u-2'),
        published('p-2', '0123ffffffffffff', 'u-2'),
      )
      .documents();
    expect(bands.get('0:0123')?.posts.map((post) => post.postId)).toEqual(['p-1', 'p-2']);
    expect(bands.get('1:ffff')?.posts.map((post) => post.postId)).toEqual(['p-2']);
  });

  it('takes a deleted post off its bands, and drops a band nobody is left in', () => {
    const bands = spec
      .given(
        published('p-1', '0123456789abcdef'),
        published('p-2', '0123ffffffffffff', 'u-2'),
        deleted('p-1', '0123456789abcdef'),
      )
      .documents();
    expect(bands.get('0:0123')?.posts.map((post) => post.postId)).toEqual(['p-2']);
    expect(bands.has('1:4567')).toBe(false);
  });

  it('given a post with a fingerprint, lists it under its keys’ bands too, and its deletion takes it off them', () => {
    const keys = ['00112233445566ff' + '0'.repeat(64), '8899aabbccddeeff' + '1'.repeat(64)];
    const withKeys = recorded('PostPublished', {
      postId: 'p-1',
      authorId: 'u-1',
      image: { ...image('0123456789abcdef'), fingerprint: keys },
      ai: null,
      similarTo: [],
    });
    const bands = spec.given(withKeys).documents();
    expect([...bands.keys()]).toEqual([
      '0:0123',
      '1:4567',
      '2:89ab',
      '3:cdef',
      'f0:0011',
      'f1:2233',
      'f2:4455',
      'f3:66ff',
      'f0:8899',
      'f1:aabb',
      'f2:ccdd',
      'f3:eeff',
    ]);
    // Each band lists the keys that have it: what a lookup by that band compares.
    expect(bands.get('f3:eeff')?.posts).toEqual([
      { postId: 'p-1', authorId: 'u-1', imageHash: '0123456789abcdef', keys: [keys[1]] },
    ]);
    expect(bands.get('0:0123')?.posts).toEqual([
      { postId: 'p-1', authorId: 'u-1', imageHash: '0123456789abcdef' },
    ]);
    const gone = recorded('PostDeleted', {
      postId: 'p-1',
      authorId: 'u-1',
      contentHash: 'ab12',
      imageHash: '0123456789abcdef',
      fingerprint: keys,
    });
    expect(spec.given(withKeys, gone).documents().size).toBe(0);
  });

  it('given a post fingerprinted again, lists it under its new keys’ bands, keeps the old ones, and its deletion takes it off all', () => {
    const old = '00112233445566ff' + '0'.repeat(64);
    const added = '0011aaaa445566ff' + '2'.repeat(64);
    const first = recorded('PostPublished', {
      postId: 'p-1',
      authorId: 'u-1',
      image: { ...image('0123456789abcdef'), fingerprint: [old] },
      ai: null,
      similarTo: [],
    });
    const again = recorded('PostFingerprinted', {
      postId: 'p-1',
      authorId: 'u-1',
      imageHash: '0123456789ABCDEF',
      fingerprint: [old, added],
      fingerprintVersion: 2,
    });
    const bands = spec.given(first, again).documents();
    expect(bands.get('f0:0011')?.posts).toEqual([
      { postId: 'p-1', authorId: 'u-1', imageHash: '0123456789abcdef', keys: [old, added] },
    ]);
    expect(bands.get('f1:aaaa')?.posts).toEqual([
      { postId: 'p-1', authorId: 'u-1', imageHash: '0123456789abcdef', keys: [added] },
    ]);
    expect(bands.get('f1:2233')?.posts.map((post) => post.keys)).toEqual([[old]]);
    const gone = recorded('PostDeleted', {
      postId: 'p-1',
      authorId: 'u-1',
      contentHash: 'ab12',
      imageHash: '0123456789abcdef',
      fingerprint: [old, added],
    });
    expect(spec.given(first, again, gone).documents().size).toBe(0);
  });

  it('ignores events without a usable hash instead of throwing', () => {
    expect(projection.documentId(deleted('p-1'))).toBeNull();
    expect(projection.documentId(published('p-1', 'not a hash'))).toBeNull();
    expect(projection.documentId(recorded('PostPublished', null))).toBeNull();
  });
});
