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
} as ProcessedImage;
const processor: ImageProcessor = { process: async () => processed };

describe('set the profile picture', () => {
  let given: AccountUseCases;
  let stored: Map<string, Buffer>;
  let verdict: ContentVerdict;
  let handler: ChangeProfilePictureHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    stored = new Map();
    verdict = 'not_feet';
    const images = { put: async (key: string, data: Buffer) => void stored.set(key, data) };
    const rater = { rate: async () => ({ verdict }) as PhotoAssessment } as unknown as PhotoRater;
    handler = new ChangeProfilePictureHandler(
      given.eventStore,
      images as unknown as ImageStorage,
      rater,
      processor,
      given.clock,
      given.progress,
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

  it('refuses a picture showing a face, storing and recording nothing', async () => {
    const account = await given.register();
    verdict = 'face_or_person';
    await expect(
      handler.execute(new ChangeProfilePictureCommand(account.userId, Buffer.from('photo'), 'c')),
    ).rejects.toThrow(RejectedContentError);
    expect(stored.size).toBe(0);
    expect(await given.eventTypes(account.userId)).not.toContain('ProfilePictureChanged');
  });
});
