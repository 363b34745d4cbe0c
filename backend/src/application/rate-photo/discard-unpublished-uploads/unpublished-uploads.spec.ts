import { randomUUID } from 'node:crypto';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { OfflineRater } from '../../../infrastructure/rater/offline-rater';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { makeJpeg } from '../../../../test/support/test-images';
import { commandMetadata } from '../../shared/command-metadata';
import { PhotoAssessment } from '../photo-assessment';
import { UNPUBLISHED_UPLOAD_HOURS, UnpublishedUploads } from './unpublished-uploads';

const HOUR_MS = 60 * 60 * 1000;

describe('discard the uploads nobody published', () => {
  let given: AccountUseCases;
  let uploads: UnpublishedUploads;
  let assessment: PhotoAssessment;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    uploads = new UnpublishedUploads(given.readStore, given.writes, given.images);
    assessment = new PhotoAssessment(
      given.images,
      given.writes,
      new OfflineRater(),
      sharpImageProcessor,
      given.uploadChecks,
    );
  });
  afterEach(() => given.close());

  /** Given: a rated photo, uploaded by `actor`, in the read models. */
  async function rated(actor: { type: 'user' | 'visitor'; id: string }, seed: number) {
    const image = await makeJpeg({ width: 344, height: 258, seed });
    const { rated, position } = await assessment.assess(image, actor, randomUUID());
    await given.progress.waitFor(position);
    return rated;
  }

  it('closes a rating left unpublished past its hours and deletes its files', async () => {
    const photo = await rated({ type: 'visitor', id: 'v' }, 5);
    given.now = new Date(given.now.getTime() + (UNPUBLISHED_UPLOAD_HOURS + 1) * HOUR_MS);
    expect(await uploads.sweep()).toBe(1);
    const stream = await given.eventStore.readStream(`rating-${photo.ratingId}`);
    expect(stream.at(-1)).toMatchObject({
      type: 'UnpublishedPhotoDiscarded',
      data: { reason: 'expired' },
    });
    expect(given.images.stored.size).toBe(0);
  });

  it('keeps a rating within its hours, and discards an erased uploader’s at once', async () => {
    const visitors = await rated({ type: 'visitor', id: 'v' }, 6);
    await rated({ type: 'user', id: 'u-1' }, 7);
    expect(await uploads.sweep()).toBe(0);
    const metadata = commandMetadata({ type: 'system', id: 'erasure' }, given.now, 'c');
    expect(await uploads.discardUploadsOf('u-1', metadata)).toBe(1);
    const kept = await given.eventStore.readStream(`rating-${visitors.ratingId}`);
    expect(kept.map((event) => event.type)).toEqual(['PhotoRated']);
  });
});
