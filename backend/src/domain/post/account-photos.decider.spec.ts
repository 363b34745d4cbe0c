import { ConflictError } from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  accountPhotosDecider,
  ALREADY_POSTED,
  type ClaimPhoto,
  type PhotoClaimed,
  type PhotoReleased,
} from './account-photos.decider';

/** Fingerprint hashes (80 hex digits): a key, and another photo's far from it. */
const KEY = '0123456789abcdef' + '0f'.repeat(32);
const OTHER_KEY = 'fedcba9876543210' + 'f0'.repeat(32);
/** dHashes far apart (64 bits each). */
const HASH = '00000000ffffffff';
const OTHER_HASH = 'ffffffff00000000';

const claim = (
  postId: string,
  imageHash: string,
  probes: string[],
  keys = probes,
  samePictureAs: string[] = [],
): ClaimPhoto => ({
  type: 'ClaimPhoto',
  data: { userId: 'u-1', postId, imageHash, keys, probes, samePictureAs },
});
const claimed = (postId: string, imageHash: string, keys: string[]): PhotoClaimed => ({
  type: 'PhotoClaimed',
  data: { userId: 'u-1', postId, imageHash, keys },
});
const released = (postId: string): PhotoReleased => ({
  type: 'PhotoReleased',
  data: { userId: 'u-1', postId },
});

const spec = deciderSpecification(accountPhotosDecider);

describe('account photos decider', () => {
  it('claims the first photo of an account', () => {
    spec
      .given()
      .when(claim('p-1', HASH, [KEY]))
      .then([claimed('p-1', HASH, [KEY])]);
  });

  it('refuses a second post of a photo the check confirmed, found by its dHash', () => {
    spec
      .given(claimed('p-1', HASH, []))
      .when(claim('p-2', HASH.replace(/.$/, 'e'), [OTHER_KEY], [OTHER_KEY], ['p-1']))
      .thenThrows(ConflictError, ALREADY_POSTED);
  });

  it('refuses a second post of a photo edited out of its dHash, found by a probe near a key', () => {
    const nearKey = KEY.slice(0, 79) + 'e';
    spec
      .given(claimed('p-1', HASH, [KEY]))
      .when(claim('p-2', OTHER_HASH, [OTHER_KEY, nearKey], [OTHER_KEY], ['p-1']))
      .thenThrows(ConflictError, ALREADY_POSTED);
  });

  it('claims a photo the fingerprint finds but the geometric check does not confirm', () => {
    spec
      .given(claimed('p-1', HASH, [KEY]))
      .when(claim('p-2', HASH, [KEY], [KEY], []))
      .then([claimed('p-2', HASH, [KEY])]);
  });

  it('takes no confirmation of a post the fingerprint does not find on the stream', () => {
    spec
      .given(claimed('p-1', HASH, [KEY]))
      .when(claim('p-2', OTHER_HASH, [OTHER_KEY], [OTHER_KEY], ['p-1']))
      .then([claimed('p-2', OTHER_HASH, [OTHER_KEY])]);
  });

  it('claims a different photo beside the first', () => {
    spec
      .given(claimed('p-1', HASH, [KEY]))
      .when(claim('p-2', OTHER_HASH, [OTHER_KEY]))
      .then([claimed('p-2', OTHER_HASH, [OTHER_KEY])]);
  });

  it('claims the photo again once its post was deleted', () => {
    spec
      .given(claimed('p-1', HASH, [KEY]), released('p-1'))
      .when(claim('p-2', HASH, [KEY], [KEY], ['p-1']))
      .then([claimed('p-2', HASH, [KEY])]);
  });

  it('changes nothing when the same post claims again (a retried publish)', () => {
    spec
      .given(claimed('p-1', HASH, [KEY]))
      .when(claim('p-1', HASH, [KEY]))
      .then([]);
  });

  it('records a post published before the stream without refusing it', () => {
    spec
      .given(claimed('p-1', HASH, [KEY]))
      .when({
        ...claim('p-0', HASH, [KEY], [KEY], ['p-1']),
        data: { ...claim('p-0', HASH, [KEY], [KEY], ['p-1']).data, recorded: true },
      })
      .then([claimed('p-0', HASH, [KEY])]);
  });

  it('releases a claimed photo, and nothing for a post it never claimed', () => {
    spec
      .given(claimed('p-1', HASH, [KEY]))
      .when({ type: 'ReleasePhoto', data: { userId: 'u-1', postId: 'p-1' } })
      .then([released('p-1')]);
    spec
      .given(claimed('p-1', HASH, [KEY]))
      .when({ type: 'ReleasePhoto', data: { userId: 'u-1', postId: 'p-9' } })
      .then([]);
  });
});
