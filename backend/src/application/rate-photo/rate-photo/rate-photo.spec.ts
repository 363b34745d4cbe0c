import { randomUUID } from 'node:crypto';
import { RejectedContentError } from '../../../domain/shared/errors';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { assessFeatures, OfflineRater } from '../../../infrastructure/rater/offline-rater';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { makeJpeg } from '../../../../test/support/test-images';
import type { PhotoRater } from '../../ports/rater.port';
import { PhotoAssessment, publishKeyHash } from '../photo-assessment';
import { RatePhotoCommand } from './rate-photo.command';
import { RatePhotoHandler } from './rate-photo.handler';

describe('rate a photo', () => {
  let given: AccountUseCases;
  beforeEach(async () => {
    given = await AccountUseCases.start();
  });
  afterEach(() => given.close());

  const handlerWith = (rater: PhotoRater) =>
    new RatePhotoHandler(
      new PhotoAssessment(given.images, given.writes, rater, sharpImageProcessor),
      given.progress,
    );
  const visitor = { type: 'visitor' as const, id: 'visitor-hash' };

  it('stores the photo, records its rating with the publish key’s hash, and answers the scores', async () => {
    const image = await makeJpeg({ width: 320, height: 240, seed: 3 });
    const result = await handlerWith(new OfflineRater()).execute(
      new RatePhotoCommand(image, visitor, randomUUID()),
    );
    expect(result.averageRating).toMatch(/^\d+\.\d$/);
    expect(given.images.stored.size).toBe(2);
    const [event] = await given.eventStore.readAll();
    expect(event).toMatchObject({
      type: 'PhotoRated',
      data: { imageUrl: result.imageUrl, publishKeyHash: publishKeyHash(result.publishKey) },
    });
  });

  it('records a refused photo as a fact, stores nothing and answers 422', async () => {
    const refusing: PhotoRater = {
      name: 'refusing',
      rate: async (input) => ({ ...assessFeatures(input.features), verdict: 'not_feet' }),
    };
    const image = await makeJpeg({ width: 320, height: 240, seed: 4 });
    await expect(
      handlerWith(refusing).execute(new RatePhotoCommand(image, visitor, randomUUID())),
    ).rejects.toThrow(RejectedContentError);
    expect(given.images.stored.size).toBe(0);
    expect((await given.eventStore.readAll()).map((event) => event.type)).toEqual([
      'PhotoRejected',
    ]);
  });
});
