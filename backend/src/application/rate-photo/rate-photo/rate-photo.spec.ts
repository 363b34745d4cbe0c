import { randomUUID } from 'node:crypto';
import { RejectedContentError } from '../../../domain/shared/errors';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { assessFeatures, OfflineRater } from '../../../infrastructure/rater/offline-rater';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { makeJpeg } from '../../../../test/support/test-images';
import type { Actor } from '../../../domain/shared/event';
import { GateUnavailableError } from '../../ports/content-gate.port';
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
      new PhotoAssessment(
        given.images,
        given.writes,
        rater,
        sharpImageProcessor,
        given.uploadChecks,
      ),
      given.progress,
      given.config,
    );
  const visitor = { type: 'visitor' as const, id: 'visitor-hash' };

  it('stores the photo, records its rating with the publish key’s hash, and answers the scores', async () => {
    const image = await makeJpeg({ width: 344, height: 258, seed: 3 });
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
    const image = await makeJpeg({ width: 344, height: 258, seed: 4 });
    await expect(
      handlerWith(refusing).execute(new RatePhotoCommand(image, visitor, randomUUID())),
    ).rejects.toThrow(RejectedContentError);
    expect(given.images.stored.size).toBe(0);
    expect((await given.eventStore.readAll()).map((event) => event.type)).toEqual([
      'PhotoRejected',
    ]);
  });

  describe('the checks before the rater', () => {
    let raterCalls: number;
    const countingRater = (): PhotoRater => {
      const offline = new OfflineRater();
      return { name: offline.name, rate: (input) => (raterCalls++, offline.rate(input)) };
    };
    beforeEach(() => {
      raterCalls = 0;
    });
    const rate = async (seed: number, actor: Actor = visitor, size = { width: 344, height: 258 }) =>
      handlerWith(countingRater()).execute(
        new RatePhotoCommand(await makeJpeg({ ...size, seed }), actor, randomUUID()),
      );
    const recorded = async () =>
      (await given.eventStore.readAll()).map(({ type, data }) => ({ type, data }));

    it('refuses a photo the gate refuses, recording the gate’s scores, storing nothing and spending no rating', async () => {
      given.gate.decideNext({
        outcome: 'refuse',
        reason: 'person',
        scores: { 'pose.nose': 0.91 },
        gate: 'offline-v1',
      });
      await expect(rate(5)).rejects.toThrow(/found a person/);
      expect(given.images.stored.size).toBe(0);
      expect(raterCalls).toBe(0);
      expect(await recorded()).toEqual([
        {
          type: 'PhotoRejected',
          data: expect.objectContaining({
            reason: 'face_or_person',
            rater: 'offline-v1',
            gate: {
              outcome: 'refuse',
              reason: 'person',
              scores: { 'pose.nose': 0.91 },
              gate: 'offline-v1',
            },
          }),
        },
      ]);
    });

    it('rates a photo the gate wants a human to see, keeping the gate’s verdict on the rating', async () => {
      given.gate.decideNext({ outcome: 'review', reason: 'nudity', scores: { 'nsfw.sexy': 0.84 } });
      await rate(6);
      const [event] = await recorded();
      expect(event).toMatchObject({
        type: 'PhotoRated',
        data: { gate: { outcome: 'review', reason: 'nudity', scores: { 'nsfw.sexy': 0.84 } } },
      });
    });

    it('refuses a photo too small to judge before the gate or the rater is asked', async () => {
      await expect(rate(7, visitor, { width: 400, height: 255 })).rejects.toThrow(/too small/);
      expect(given.gate.judged).toEqual([]);
      expect(raterCalls).toBe(0);
      expect((await recorded()).map((e) => e.data)).toEqual([
        expect.objectContaining({ reason: 'too_small', rater: 'upload-checks' }),
      ]);
    });

    it('answers the gate’s unavailability as it is, recording and storing nothing', async () => {
      given.gate.unavailableNext();
      await expect(rate(8)).rejects.toThrow(GateUnavailableError);
      expect(await recorded()).toEqual([]);
      expect(given.images.stored.size).toBe(0);
      expect(raterCalls).toBe(0);
    });
  });
});
