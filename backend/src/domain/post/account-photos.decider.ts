import type { Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import type { DomainEvent } from '../shared/event';
import { hammingDistance, isPerceptualHash, SAME_PHOTO_MAX_BITS } from './perceptual-hash';
import { fingerprintBands, nearDuplicate, sharesBand } from './photo-fingerprint';

export const ALREADY_POSTED = 'You have already posted this photo';

/**
 * The photos an account has posts of, one stream per account (`account-photos-<userId>`): the
 * one place "one post per photo per account" is decided. A publish claims its photo here first
 * (expected revision: two publishes of one photo at the same instant meet on this stream and
 * the second is refused); deleting the post frees it. A post removed by a moderator keeps its
 * claim: posting the photo again would undo the removal.
 */
export type PhotoClaimed = DomainEvent<
  'PhotoClaimed',
  {
    userId: string;
    postId: string;
    /** The photo's dHash and fingerprint keys (what the photo is known by; nothing personal). */
    imageHash: string;
    keys: string[];
    /** The stored photo, for the geometric check (absent on claims recorded before it). */
    contentHash?: string;
  }
>;

export type PhotoReleased = DomainEvent<'PhotoReleased', { userId: string; postId: string }>;

export type AccountPhotoEvent = PhotoClaimed | PhotoReleased;

/**
 * A publish's claim: refused when the account has a post of the same picture, whatever it was
 * edited into. The fingerprint names the candidates (`candidateClaims`); the geometric check needs
 * the pixels a decider lacks, so the caller runs it at the stream's revision, `samePictureAs` names
 * those it confirmed, and the claim is decided on that revision. `recorded` (a post from before
 * this stream, by the back-fill) is claimed unchecked: it records what is.
 */
export interface ClaimPhoto {
  type: 'ClaimPhoto';
  data: {
    userId: string;
    postId: string;
    imageHash: string;
    keys: readonly string[];
    probes: readonly string[];
    contentHash?: string;
    samePictureAs?: readonly string[];
    recorded?: true;
  };
}

export interface ReleasePhoto {
  type: 'ReleasePhoto';
  data: { userId: string; postId: string };
}

export type AccountPhotoCommand = ClaimPhoto | ReleasePhoto;

export interface ClaimedPhoto {
  postId: string;
  imageHash: string;
  keys: readonly string[];
  contentHash?: string;
}

export interface AccountPhotosState {
  photos: readonly ClaimedPhoto[];
}

export function accountPhotosStreamId(userId: string): string {
  return `account-photos-${userId}`;
}

export const accountPhotosDecider: Decider<
  AccountPhotoCommand,
  AccountPhotosState,
  AccountPhotoEvent
> = {
  initialState: { photos: [] },

  decide(command, state) {
    const { userId, postId } = command.data;
    const claimed = state.photos.some((photo) => photo.postId === postId);
    if (command.type === 'ReleasePhoto') {
      return claimed ? [{ type: 'PhotoReleased', data: { userId, postId } }] : [];
    }
    // The same post claiming again (a publish retried) changes nothing.
    if (claimed) return [];
    const { imageHash, keys, probes, contentHash, samePictureAs = [] } = command.data;
    if (
      !command.data.recorded &&
      candidateClaims(state, imageHash, probes).some((photo) =>
        samePictureAs.includes(photo.postId),
      )
    ) {
      throw new ConflictError(ALREADY_POSTED);
    }
    return [
      {
        type: 'PhotoClaimed',
        data: { userId, postId, imageHash, keys: [...keys], ...(contentHash && { contentHash }) },
      },
    ];
  },

  evolve(state, event) {
    const { postId } = event.data;
    const others = state.photos.filter((photo) => photo.postId !== postId);
    if (event.type === 'PhotoReleased') return { photos: others };
    const { imageHash, keys, contentHash } = event.data;
    return { photos: [...others, { postId, imageHash, keys, contentHash }] };
  },
};

/** The claimed photos the fingerprint finds like the one of this dHash and these probes. */
export function candidateClaims(
  { photos }: AccountPhotosState,
  imageHash: string,
  probes: readonly string[],
): ClaimedPhoto[] {
  if (photos.length === 0) return [];
  const dHash = isPerceptualHash(imageHash) ? imageHash.toLowerCase() : null;
  const bands = new Set(probes.flatMap(fingerprintBands));
  return photos.filter((photo) => {
    if (dHash && isPerceptualHash(photo.imageHash)) {
      if (hammingDistance(photo.imageHash.toLowerCase(), dHash) <= SAME_PHOTO_MAX_BITS) {
        return true;
      }
    }
    return sharesBand(photo.keys, bands) && nearDuplicate(probes, photo.keys);
  });
}
