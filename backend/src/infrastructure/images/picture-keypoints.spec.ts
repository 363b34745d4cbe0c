import sharp from 'sharp';
import { samePictureVerdict } from '../../domain/post/same-picture';
import { EDIT_KINDS, editPhoto, fixturePhoto } from '../../bench/repost-edits';
import { decodeImage, keypointsOfImage, sharpImageProcessor } from './image-pipeline';

/**
 * The geometric check on real photos (`npm run repost:rates` measures it on a set of one
 * composition): an edited copy lands most of its keypoints where one plausible transform puts
 * the post's, and a different photo of the same kind of surface does not.
 */
async function verdict(upload: Buffer, post: Buffer) {
  const decoded = await decodeImage(upload);
  const stored = await (await decodeImage(post)).processed;
  const matching = await sharpImageProcessor.matchingKeypoints(
    await decoded.keypoints(),
    await keypointsOfImage(stored.thumbnail),
  );
  return { matching, verdict: samePictureVerdict(matching) };
}

/** Two parts of one photo that do not overlap: the same floor, two different pictures. */
async function halves(photo: Buffer): Promise<[Buffer, Buffer]> {
  const { width, height } = await sharp(photo).metadata();
  const part = Math.floor(width * 0.45);
  const crop = (left: number) =>
    sharp(photo).extract({ left, top: 0, width: part, height }).jpeg({ quality: 90 }).toBuffer();
  return [await crop(0), await crop(width - part)];
}

describe('the geometric check of the re-post check', () => {
  jest.setTimeout(120_000);

  it.each(EDIT_KINDS)('confirms an edit of a photo as the same picture: %s', async (kind) => {
    const original = fixturePhoto('repost/coins.jpg');
    const found = await verdict(await editPhoto(original, kind), original);
    expect({ kind, verdict: found.verdict }).toEqual({ kind, verdict: 'same' });
  });

  it('takes two photos of one gravel floor for different pictures', async () => {
    const [left, right] = await halves(fixturePhoto('repost/gravel.jpg'));
    expect((await verdict(left, right)).verdict).toBe('different');
    expect((await verdict(right, left)).verdict).toBe('different');
  });

  it('takes different photos for different pictures, mirrored or not', async () => {
    const coins = fixturePhoto('repost/coins.jpg');
    const clock = fixturePhoto('repost/clock.jpg');
    expect((await verdict(coins, clock)).verdict).toBe('different');
    expect((await verdict(await editPhoto(clock, 'mirror'), coins)).verdict).toBe('different');
  });
});
