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

const image = (imageHash: string, fingerprint?: string[]) => ({
  imageUrl: '/uploads/ab/ab12.webp',
  thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
  imageHash,
  contentHash: 'ab12',
  ...(fingerprint && { fingerprint }),
});
const published = (postId: string, imageHash: string, authorId = 'u-1', fingerprint?: string[]) =>
  recorded('PostPublished', {
    postId,
    authorId,
    image: image(imageHash, fingerprint),
    ai: null,
    similarTo: [],
  });
const deleted = (postId: string) =>
  recorded('PostDeleted', { postId, authorId: 'u-1', contentHash: 'ab12' });

const KEY = '00112233445566ff' + '0'.repeat(64);
const KEY_BANDS = [
  'f01:00112233',
  'f02:00114455',
  'f03:001166ff',
  'f12:22334455',
  'f13:223366ff',
  'f23:445566ff',
];

const spec = projectionSpecification(projection);

describe('photo fingerprints projection', () => {
  it('given a published photo, files the post under its dHash’s four bands', () => {
    const posts = spec.given(published('p-1', '0123456789ABCDEF')).documents();
    expect(posts.get('p-1')).toEqual({
      _id: 'p-1',
      authorId: 'u-1',
      imageHash: '0123456789abcdef',
      keys: [],
      bands: ['0:0123', '1:4567', '2:89ab', '3:cdef'],
    });
  });

  it('given a post with a fingerprint, files it under each pair of each key’s coarse quarters too, with its keys', () => {
    const posts = spec.given(published('p-1', '0123456789abcdef', 'u-1', [KEY])).documents();
    expect(posts.get('p-1')).toEqual({
      _id: 'p-1',
      authorId: 'u-1',
      imageHash: '0123456789abcdef',
      keys: [KEY],
      bands: ['0:0123', '1:4567', '2:89ab', '3:cdef', ...KEY_BANDS],
    });
  });

  it('given the same post published twice, keeps the first', () => {
    const posts = spec
      .given(published('p-1', '0123456789abcdef'), published('p-1', 'ffffffffffffffff'))
      .documents();
    expect(posts.get('p-1')?.imageHash).toBe('0123456789abcdef');
  });

  it('given a post fingerprinted again, keeps its earlier keys beside the new ones', () => {
    const added = '0011aaaa445566ff' + '2'.repeat(64);
    const again = recorded('PostFingerprinted', {
      postId: 'p-1',
      authorId: 'u-1',
      imageHash: '0123456789ABCDEF',
      fingerprint: [added],
      fingerprintVersion: 3,
    });
    const posts = spec.given(published('p-1', '0123456789abcdef', 'u-1', [KEY]), again).documents();
    expect(posts.get('p-1')?.keys).toEqual([KEY, added]);
    expect(posts.get('p-1')?.bands).toEqual(
      expect.arrayContaining([...KEY_BANDS, 'f01:0011aaaa', 'f12:aaaa4455']),
    );
  });

  it('given a deleted post, drops its document', () => {
    const posts = spec
      .given(published('p-1', '0123456789abcdef', 'u-1', [KEY]), deleted('p-1'))
      .documents();
    expect(posts.size).toBe(0);
  });

  it('files nothing for a post without a usable hash or key, instead of throwing', () => {
    expect(spec.given(published('p-1', 'not a hash')).documents().size).toBe(0);
    expect(projection.documentId(recorded('PostPublished', null))).toBeNull();
  });
});
