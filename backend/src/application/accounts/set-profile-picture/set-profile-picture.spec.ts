import type { ContentVerdict } from '../../../domain/photo-rating/photo-rating.events';
import { RejectedContentError } from '../../../domain/shared/errors';
import { sharpImageProcessor } from '../../../infrastructure/images/image-pipeline';
import { ScriptedContentGate } from '../../../../test/support/scripted-content-gate';
import { useCase, type UseCaseWorld } from '../../../../test/support/use-case-specification';
import { SimilarPhotos } from '../../community/similar-photos';
import type { ImageProcessor, ProcessedImage } from '../../ports/image-processor.port';
import { imageKeys, type ImageStorage, publicImageUrl } from '../../ports/image-storage.port';
import type { PhotoAssessment, PhotoRater } from '../../ports/rater.port';
import { UploadChecks } from '../../rate-photo/upload-checks';
import {
  accountServices,
  anAccount,
  registered,
  thenReading,
  userStreamOf,
  type GivenAccount,
} from '../testing/account-world';
import { measurePicture } from '../../../domain/photo-rating/picture-content';
import { ChangeProfilePictureCommand } from './set-profile-picture.command';
import { ChangeProfilePictureHandler } from './set-profile-picture.handler';

const processed = {
  webp: Buffer.from('webp'),
  thumbnail: Buffer.from('thumbnail'),
  contentHash: 'ab'.repeat(32),
  perceptualHash: '0f'.repeat(8),
  width: 400,
  height: 300,
} as ProcessedImage;
const otherPicture = { ...processed, contentHash: 'cd'.repeat(32), webp: Buffer.from('other') };
/** A processor whose every upload decodes into `image`. */
const processorOf = (image: ProcessedImage): ImageProcessor => ({
  decode: async () => ({
    ...image,
    pixels: async () => ({ data: new Uint8Array(3), width: 1, height: 1 }),
    pictureMeasures: async () => measurePicture({ data: new Uint8Array(3), width: 1, height: 1 }),
    processed: Promise.resolve(image),
    fingerprint: { keys: [], probes: [] },
    keypoints: async () => noKeypoints,
  }),
  process: async () => image,
  fingerprint: async () => ({ keys: [], probes: [] }),
  keypoints: async () => noKeypoints,
  matchingKeypoints: async () => ({ matching: 0, share: 0 }),
});
const none = { count: 0, points: new Float32Array(0), descriptors: new Uint8Array(0) };
const noKeypoints = { upright: none, mirrored: none };
const thumbnailUrl = (image: ProcessedImage) =>
  publicImageUrl(imageKeys(image.contentHash).thumbnail);
/** Given: the account shows `image` as its picture. */
const shows = (account: GivenAccount, image: ProcessedImage) => ({
  type: 'ProfilePictureChanged',
  data: { userId: account.userId, profilePictureUrl: thumbnailUrl(image) },
});

const ann = anAccount(1);
const bob = anAccount(2);
const setPicture = (account: GivenAccount) =>
  new ChangeProfilePictureCommand(account.userId, Buffer.from('photo'), 'c');

describe('set the profile picture', () => {
  let stored: Map<string, Buffer>;
  let verdict: ContentVerdict;
  let gate: ScriptedContentGate;
  beforeEach(() => {
    stored = new Map();
    verdict = 'not_feet';
    gate = new ScriptedContentGate();
  });
  /** Images kept in `stored`, as the image storage port keeps them. */
  const images = () =>
    ({
      put: async (key: string, data: Buffer) => void stored.set(key, data),
      get: async (key: string) => stored.get(key) ?? null,
      exists: async (key: string) => stored.has(key),
      delete: async (key: string) => void stored.delete(key),
    }) satisfies ImageStorage;
  const storedFiles = (image: ProcessedImage) => {
    const keys = imageKeys(image.contentHash);
    stored.set(keys.image, image.webp);
    stored.set(keys.thumbnail, image.thumbnail);
  };
  const handlerOf = (world: UseCaseWorld, image = processed) => {
    const { writes, config } = accountServices(world);
    const checks = new UploadChecks(
      writes,
      gate,
      new SimilarPhotos(world.readStore, images(), sharpImageProcessor),
      world.readStore,
      config,
    );
    const rater = { rate: async () => ({ verdict }) as PhotoAssessment } as unknown as PhotoRater;
    return new ChangeProfilePictureHandler(
      writes,
      images(),
      rater,
      processorOf(image),
      world.readStore,
      checks,
    );
  };
  const changePicture = (image = processed) =>
    registered(
      useCase((world) => handlerOf(world, image)),
      ann,
      bob,
    );

  it('given an account, when it sets a picture (it need not show feet), then the picture is stored and the profile points at its thumbnail', async () => {
    const changed = registered(
      useCase((world) =>
        thenReading(handlerOf(world), () => accountServices(world).reads.user(ann.userId)),
      ),
      ann,
    ).when(setPicture(ann));
    await changed.then(userStreamOf(ann), [shows(ann, processed)]);
    const { answer } = await changed.outcome();
    expect(answer?.answer).toEqual({ profilePictureUrl: thumbnailUrl(processed) });
    expect(answer?.after.profilePictureUrl).toBe(thumbnailUrl(processed));
    expect([...stored.values()]).toEqual([processed.webp, processed.thumbnail]);
  });

  it('given two accounts showing the same picture, when one replaces it, then its files stay for the other', async () => {
    storedFiles(processed);
    await changePicture(otherPicture)
      .given(userStreamOf(ann), shows(ann, processed))
      .given(userStreamOf(bob), shows(bob, processed))
      .when(setPicture(ann))
      .then(userStreamOf(ann), [shows(ann, otherPicture)]);
    expect(stored.has(imageKeys(processed.contentHash).thumbnail)).toBe(true);
    expect(stored.has(imageKeys(processed.contentHash).image)).toBe(true);
  });

  it('given the last account showing a picture, when it replaces it, then its files are deleted', async () => {
    storedFiles(processed);
    storedFiles(otherPicture);
    await changePicture(otherPicture)
      .given(userStreamOf(ann), shows(ann, otherPicture))
      .given(userStreamOf(bob), shows(bob, processed))
      .when(setPicture(bob))
      .then(userStreamOf(bob), [shows(bob, otherPicture)]);
    expect([...stored.keys()].filter((key) => key.includes('abab'))).toEqual([]);
    expect([...stored.keys()].filter((key) => key.includes('cdcd'))).toHaveLength(2);
  });

  it('given an account, when its picture shows a face, then it is refused, storing and recording nothing', async () => {
    verdict = 'face_or_person';
    const refused = changePicture().when(setPicture(ann));
    await refused.thenThrows(RejectedContentError);
    expect((await refused.outcome()).appended.map((event) => event.type)).not.toContain(
      'ProfilePictureChanged',
    );
    expect(stored.size).toBe(0);
  });

  it.each([
    ['face', /must not show faces/],
    ['nudity', /no nudity/],
  ] as const)(
    'given an account, when the gate refuses its picture for %s, then the refusal is recorded with its scores and nothing is stored',
    async (reason, message) => {
      gate.decideNext({ outcome: 'refuse', reason, scores: { score: 0.97 } });
      const refused = changePicture().when(setPicture(ann));
      await refused.thenThrows(Error, message);
      const { appended } = await refused.outcome();
      expect(appended.filter((event) => event.type === 'PhotoRejected')).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({
            gate: expect.objectContaining({ reason, scores: { score: 0.97 } }),
          }),
        }),
      ]);
      expect(appended.map((event) => event.type)).not.toContain('ProfilePictureChanged');
      expect(stored.size).toBe(0);
    },
  );

  it('given an account, when the gate is unsure about its picture, then it is refused: it would be public at once', async () => {
    gate.decideNext({ outcome: 'review', reason: 'nudity' });
    await changePicture()
      .when(setPicture(ann))
      .thenThrows(Error, /could not be sure/);
    expect(stored.size).toBe(0);
  });

  it('given an account, when its picture is too small to check, then it is refused before the gate is asked', async () => {
    await changePicture({ ...processed, width: 255 })
      .when(setPicture(ann))
      .thenThrows(Error, /too small/);
    expect(gate.judged).toEqual([]);
  });
});
