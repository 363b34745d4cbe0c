import type { ContentVerdict } from '../../../domain/photo-rating/photo-rating.events';
import { RejectedContentError } from '../../../domain/shared/errors';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import type { ImageProcessor, ProcessedImage } from '../../ports/image-processor.port';
import type { ImageStorage } from '../../ports/image-storage.port';
import type { PhotoAssessment, PhotoRater } from '../../ports/rater.port';
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
/** A processor whose every upload decodes into `image`. */
const processorOf = (image: ProcessedImage): ImageProcessor => ({
  decode: async () => ({
    ...image,
    pixels: async () => ({ data: new Uint8Array(3), width: 1, height: 1 }),
    processed: Promise.resolve(image),
  }),
  process: async () => image,
  fingerprint: async () => ({ keys: [], probes: [] }),
});
const processor = processorOf(processed);
const otherPicture = { ...processed, contentHash: 'cd'.repeat(32), webp: Buffer.from('other') };

describe('set the profile picture', () => {
  let given: AccountUseCases;
  let stored: Map<string, Buffer>;
  let verdict: ContentVerdict;
  let handler: ChangeProfilePictureHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    stored = new Map();
    verdict = 'not_feet';
    const images = {
      put: async (key: string, data: Buffer) => void stored.set(key, data),
      delete: async (key: string) => void stored.delete(key),
    };
    const rater = { rate: async () => ({ verdict }) as PhotoAssessment } as unknown as PhotoRater;
    handler = new ChangeProfilePictureHandler(
      given.writes,
      images as unknown as ImageStorage,
      rater,
      processor,
      given.readStore,
      given.uploadChecks,
    );
  });
  afterEach(() => given.close());

  it('stores the picture (it need not show feet) and points the profile at its thumbnail', async () => {
    const account = await given.register();
    const { profilePictureUrl } = await handler.execute(
      new ChangeProfilePictureCommand(account.userId, Buffer.from('photo'), 'c'),
    );
    expect([...stored.values()]).toEqual([processed.webp, processed.thumbnail]);
    expect((await given.reads.user(account.userId)).profilePictureUrl).toBe(profilePictureUrl);
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('ProfilePictureChanged');
  });

  it('deletes the files of the picture it replaces, unless another account shows the same one', async () => {
    const account = await given.register();
    const neighbour = await given.register();
    const first = await handler.execute(
      new ChangeProfilePictureCommand(account.userId, Buffer.from('photo'), 'c'),
    );
    await handler.execute(
      new ChangeProfilePictureCommand(neighbour.userId, Buffer.from('photo'), 'c'),
    );
    const replacing = (image: ProcessedImage) =>
      new ChangeProfilePictureHandler(
        given.writes,
        {
          put: async (key: string, data: Buffer) => void stored.set(key, data),
          delete: async (key: string) => void stored.delete(key),
        } as unknown as ImageStorage,
        { rate: async () => ({ verdict }) } as unknown as PhotoRater,
        processorOf(image),
        given.readStore,
        given.uploadChecks,
      );

    await replacing(otherPicture).execute(
      new ChangeProfilePictureCommand(account.userId, Buffer.from('other'), 'c'),
    );
    expect(stored.has(first.profilePictureUrl.slice('/uploads/'.length))).toBe(true);

    await replacing(otherPicture).execute(
      new ChangeProfilePictureCommand(neighbour.userId, Buffer.from('other'), 'c'),
    );
    expect([...stored.keys()].filter((key) => key.includes('abab'))).toEqual([]);
    expect([...stored.keys()].filter((key) => key.includes('cdcd'))).toHaveLength(2);
  });

  it('refuses a picture showing a face, storing and recording nothing', async () => {
    const account = await given.register();
    verdict = 'face_or_person';
    await expect(
      handler.execute(new ChangeProfilePictureCommand(account.userId, Buffer.from('photo'), 'c')),
    ).rejects.toThrow(RejectedContentError);
    expect(stored.size).toBe(0);
    expect(await given.eventTypes(account.userId)).not.toContain('ProfilePictureChanged');
  });

  it.each([
    ['face', /must not show faces/],
    ['nudity', /no nudity/],
  ] as const)(
    'refuses a picture the gate refuses for %s, recording the refusal with its scores and storing nothing',
    async (reason, message) => {
      const account = await given.register();
      given.gate.decideNext({ outcome: 'refuse', reason, scores: { score: 0.97 } });
      await expect(
        handler.execute(new ChangeProfilePictureCommand(account.userId, Buffer.from('p'), 'c')),
      ).rejects.toThrow(message);
      expect(stored.size).toBe(0);
      const rejected = (await given.eventStore.readAll()).filter((e) => e.type === 'PhotoRejected');
      expect(rejected).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({
            gate: expect.objectContaining({ reason, scores: { score: 0.97 } }),
          }),
        }),
      ]);
      expect(await given.eventTypes(account.userId)).not.toContain('ProfilePictureChanged');
    },
  );

  it('refuses a picture the gate is unsure about: it would be public at once', async () => {
    const account = await given.register();
    given.gate.decideNext({ outcome: 'review', reason: 'nudity' });
    await expect(
      handler.execute(new ChangeProfilePictureCommand(account.userId, Buffer.from('p'), 'c')),
    ).rejects.toThrow(/could not be sure/);
    expect(stored.size).toBe(0);
  });

  it('refuses a picture too small to check before asking the gate', async () => {
    const account = await given.register();
    const small = processorOf({ ...processed, width: 255 });
    const withSmall = new ChangeProfilePictureHandler(
      given.writes,
      { put: async () => {} } as unknown as ImageStorage,
      { rate: async () => ({ verdict }) } as unknown as PhotoRater,
      small,
      given.readStore,
      given.uploadChecks,
    );
    await expect(
      withSmall.execute(new ChangeProfilePictureCommand(account.userId, Buffer.from('p'), 'c')),
    ).rejects.toThrow(/too small/);
    expect(given.gate.judged).toEqual([]);
  });
});
