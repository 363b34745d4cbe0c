import { randomUUID } from 'node:crypto';
import type { PhotoRated } from '../../../domain/photo-rating/photo-rating.events';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { imageOf, photoRated } from '../../../../test/support/community-use-cases';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { imageKeys } from '../../ports/image-storage.port';
import { commandMetadata } from '../../shared/command-metadata';
import { type PhotoServices, photoServices } from '../testing/photo-use-cases';
import { UNPUBLISHED_UPLOAD_HOURS, UnpublishedUploads } from './unpublished-uploads';

const HOUR_MS = 60 * 60 * 1000;

describe('discard the uploads nobody published', () => {
  const [byVisitor, byMember] = [randomUUID(), randomUUID()];
  const member = 'u-1';

  /** A photo rated for a visitor, as its rating's stream records it. */
  const visitorsRating = {
    ...photoRated(byVisitor, 'key-hash'),
    metadata: { actor: { type: 'visitor' as const, id: 'v' } },
  };
  /** A photo rated for a signed-in member. */
  const membersRating = (() => {
    const rated = photoRated(byMember, 'key-hash') as PhotoRated;
    return {
      ...rated,
      data: { ...rated.data, uploaderId: member },
      metadata: { actor: { type: 'user' as const, id: member } },
    };
  })();

  /** The services of the last scenario run, to look at its images after. */
  let last: PhotoServices;
  const filesOf = (ratingId: string) =>
    Object.values(imageKeys(imageOf(ratingId).contentHash)).sort();
  const storedFiles = () => [...last.images.stored.keys()].sort();
  /**
   * The sweep, or the erasure of the member's uploads, with both photos' files stored (the
   * rated photos are stored as they are rated).
   */
  const discard = useCase((world) => {
    last = photoServices(world, sharpImageProcessor);
    for (const key of [...filesOf(byVisitor), ...filesOf(byMember)]) {
      last.images.stored.set(key, Buffer.from(key));
    }
    const uploads = new UnpublishedUploads(world.readStore, last.writes, last.images);
    return {
      execute: (what: 'sweep' | 'erasure') =>
        what === 'sweep'
          ? uploads.sweep()
          : uploads.discardUploadsOf(
              member,
              commandMetadata({ type: 'system', id: 'erasure' }, world.clock.now(), 'c'),
            ),
    };
  });

  it('closes a rating left unpublished past its hours and deletes its files', async () => {
    const later = new Date(Date.parse(SPEC_NOW) + (UNPUBLISHED_UPLOAD_HOURS + 1) * HOUR_MS);
    const swept = discard.given(`rating-${byVisitor}`, visitorsRating).at(later).when('sweep');
    await swept.then(`rating-${byVisitor}`, [
      {
        type: 'UnpublishedPhotoDiscarded',
        data: {
          ratingId: byVisitor,
          contentHash: imageOf(byVisitor).contentHash,
          reason: 'expired',
        },
      },
    ]);
    await swept.thenAnswers(1);
    expect(storedFiles()).toEqual(filesOf(byMember));
  });

  it('keeps a rating within its hours, and discards an erased uploader’s at once', async () => {
    const both = discard
      .given(`rating-${byVisitor}`, visitorsRating)
      .given(`rating-${byMember}`, membersRating);
    const swept = both.when('sweep');
    await swept.thenNothing();
    await swept.thenAnswers(0);
    const erased = both.when('erasure');
    await erased.thenAnswers(1);
    const { appended } = await erased.outcome();
    expect(appended.map(({ streamId, type, data }) => ({ streamId, type, data }))).toEqual([
      {
        streamId: `rating-${byMember}`,
        type: 'UnpublishedPhotoDiscarded',
        data: expect.objectContaining({ reason: 'uploader_erased' }),
      },
    ]);
    expect(storedFiles()).toEqual(filesOf(byVisitor));
  });
});
