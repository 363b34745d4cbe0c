import { randomUUID } from 'node:crypto';
import { RejectedContentError } from '../../../domain/shared/errors';
import type { Actor } from '../../../domain/shared/event';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { assessFeatures, OfflineRater } from '../../../infrastructure/rater/offline-rater';
import type { ScriptedContentGate } from '../../../../test/support/scripted-content-gate';
import { makeJpeg } from '../../../../test/support/test-images';
import { useCase } from '../../../../test/support/use-case-specification';
import { type GateDecision, GateUnavailableError } from '../../ports/content-gate.port';
import type { PhotoRater } from '../../ports/rater.port';
import { publishKeyHash } from '../photo-assessment';
import { type PhotoServices, photoServices } from '../testing/photo-use-cases';
import { RatePhotoCommand } from './rate-photo.command';
import { RatePhotoHandler } from './rate-photo.handler';

describe('rate a photo', () => {
  /** The services of the last scenario run, to look at its images and gate after. */
  let last: PhotoServices;
  /** The handler on a world whose gate the scenario scripts (it passes everything unless told). */
  const ratePhoto = (rater: PhotoRater, script: (gate: ScriptedContentGate) => void = () => {}) =>
    useCase((world) => {
      last = photoServices(world, sharpImageProcessor);
      script(last.gate);
      return new RatePhotoHandler(last.assessment(rater), world.progress, last.config);
    });
  const visitor = { type: 'visitor' as const, id: 'visitor-hash' };
  const upload = async (seed: number, actor: Actor = visitor, size = { width: 344, height: 258 }) =>
    new RatePhotoCommand(await makeJpeg({ ...size, seed }), actor, randomUUID());
  const recorded = ({ appended }: { appended: { type: string; data: unknown }[] }) =>
    appended.map(({ type, data }) => ({ type, data }));

  it('stores the photo, records its rating with the publish key’s hash, and answers the scores', async () => {
    const { answer, appended } = await ratePhoto(new OfflineRater())
      .when(await upload(3))
      .outcome();
    expect(answer?.averageRating).toMatch(/^\d+\.\d$/);
    expect(last.images.stored.size).toBe(2);
    expect(appended).toEqual([
      expect.objectContaining({
        type: 'PhotoRated',
        data: expect.objectContaining({
          imageUrl: answer?.imageUrl,
          publishKeyHash: publishKeyHash(answer!.publishKey),
        }),
      }),
    ]);
  });

  it('records a refused photo as a fact, stores nothing and answers 422', async () => {
    const refusing: PhotoRater = {
      name: 'refusing',
      rate: async (input) => ({ ...assessFeatures(input.features), verdict: 'not_feet' }),
    };
    const refused = ratePhoto(refusing).when(await upload(4));
    await refused.thenThrows(RejectedContentError);
    expect(last.images.stored.size).toBe(0);
    expect((await refused.outcome()).appended.map((event) => event.type)).toEqual([
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
    const withGate = (script?: (gate: ScriptedContentGate) => void) =>
      ratePhoto(countingRater(), script);

    it('refuses a photo the gate refuses, recording the gate’s scores, storing nothing and spending no rating', async () => {
      const verdict: GateDecision = {
        outcome: 'refuse',
        reason: 'person',
        scores: { 'pose.nose': 0.91 },
        gate: 'offline-v1',
      };
      const refused = withGate((gate) => gate.decideNext(verdict)).when(await upload(5));
      await refused.thenThrows(RejectedContentError, /found a person/);
      expect(last.images.stored.size).toBe(0);
      expect(raterCalls).toBe(0);
      expect(recorded(await refused.outcome())).toEqual([
        {
          type: 'PhotoRejected',
          data: expect.objectContaining({
            reason: 'face_or_person',
            rater: 'offline-v1',
            gate: verdict,
          }),
        },
      ]);
    });

    it('rates a photo the gate wants a human to see, keeping the gate’s verdict on the rating', async () => {
      const review = {
        outcome: 'review',
        reason: 'nudity',
        scores: { 'nsfw.sexy': 0.84 },
      } as const;
      const outcome = await withGate((gate) => gate.decideNext(review))
        .when(await upload(6))
        .outcome();
      expect(recorded(outcome)).toEqual([
        {
          type: 'PhotoRated',
          data: expect.objectContaining({ gate: expect.objectContaining(review) }),
        },
      ]);
    });

    it('refuses a photo too small to judge before the gate or the rater is asked', async () => {
      const refused = withGate().when(await upload(7, visitor, { width: 400, height: 255 }));
      await refused.thenThrows(RejectedContentError, /too small/);
      expect(last.gate.judged).toEqual([]);
      expect(raterCalls).toBe(0);
      expect(recorded(await refused.outcome()).map((event) => event.data)).toEqual([
        expect.objectContaining({ reason: 'too_small', rater: 'upload-checks' }),
      ]);
    });

    it('answers the gate’s unavailability as it is, recording and storing nothing', async () => {
      const unavailable = withGate((gate) => gate.unavailableNext()).when(await upload(8));
      await unavailable.thenThrows(GateUnavailableError);
      expect((await unavailable.outcome()).appended).toEqual([]);
      expect(last.images.stored.size).toBe(0);
      expect(raterCalls).toBe(0);
    });
  });
});
