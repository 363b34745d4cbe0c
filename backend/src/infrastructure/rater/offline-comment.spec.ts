import sharp from 'sharp';
import { realPhotos } from '../../../test/support/empty-pictures';
import { sceneImage } from '../../../test/support/test-images';
import type { ImageFeatures } from '../../application/ports/image-processor.port';
import { processImage } from '../images/image-pipeline';
import { OfflineRater, qualitiesOf } from './offline-rater';

const rater = new OfflineRater();

async function featuresOf(bytes: Buffer): Promise<ImageFeatures> {
  return (await processImage(bytes)).features;
}

async function commentOn(features: ImageFeatures): Promise<string> {
  return (await rater.rate({ image: Buffer.alloc(0), mimeType: 'image/webp', features })).comment;
}

const sentencesOf = (comment: string) =>
  comment
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/** The real photographs and a few edits of them: darker, brighter, blurred, off-centre. */
async function variedPhotos(): Promise<{ name: string; features: ImageFeatures }[]> {
  const photos = realPhotos();
  const edits: { name: string; bytes: Promise<Buffer> }[] = [];
  for (const { name, bytes } of photos.slice(0, 6)) {
    edits.push({ name: `${name}, dark`, bytes: sharp(bytes).linear(0.3, 0).jpeg().toBuffer() });
    edits.push({ name: `${name}, blurred`, bytes: sharp(bytes).blur(5).jpeg().toBuffer() });
  }
  const all = [...photos.map((p) => ({ name: p.name, bytes: Promise.resolve(p.bytes) })), ...edits];
  return Promise.all(
    all.map(async ({ name, bytes }) => ({ name, features: await featuresOf(await bytes) })),
  );
}

describe('the offline rater’s comment', () => {
  it('given varied real photos, when rated, then no sentence is said of more than one in five', async () => {
    const photos = await variedPhotos();
    const comments = await Promise.all(photos.map((photo) => commentOn(photo.features)));

    const saidOf = new Map<string, number>();
    for (const comment of comments) {
      for (const sentence of new Set(sentencesOf(comment))) {
        saidOf.set(sentence, (saidOf.get(sentence) ?? 0) + 1);
      }
    }
    const mostRepeated = Math.max(...saidOf.values());
    expect(photos.length).toBeGreaterThanOrEqual(25);
    expect(mostRepeated / comments.length).toBeLessThanOrEqual(0.2);
  });

  it('given varied real photos, when rated, then every comment gives a figure it measured on that photo', async () => {
    for (const photo of await variedPhotos()) {
      const comment = await commentOn(photo.features);
      const figures = [...comment.matchAll(/(\d+)(\/100|%)/g)].map((match) => Number(match[1]));
      const measured = [
        ...Object.values(qualitiesOf(photo.features)),
        photo.features.meanLuminance,
      ].map((value) => Math.round(Math.min(1, Math.max(0, value)) * 100));

      expect({ name: photo.name, figures }).toEqual({
        name: photo.name,
        figures: expect.arrayContaining([expect.any(Number)]),
      });
      for (const figure of figures) expect(measured).toContain(figure);
    }
  });

  it('given a dark photo, when rated, then it is told that it is dark', async () => {
    const scene = await sceneImage({ width: 1000, height: 750, seed: 21 }).jpeg().toBuffer();
    const dark = await sharp(scene).linear(0.25, 0).jpeg().toBuffer();

    expect(await commentOn(await featuresOf(dark))).toMatch(/\b(dark|underexposed)\b/);
    expect(await commentOn(await featuresOf(scene))).not.toMatch(/\b(dark|underexposed)\b/);
  });

  it('given a bright photo, when rated, then it is told that it is bright', async () => {
    const scene = await sceneImage({ width: 1000, height: 750, seed: 22 }).jpeg().toBuffer();
    const bright = await sharp(scene).linear(0.4, 170).jpeg().toBuffer();

    expect(await commentOn(await featuresOf(bright))).toMatch(/\b(very bright|overexposed)\b/);
  });

  it('given a blurred photo, when rated, then it is told that it is soft or blurry', async () => {
    const scene = sceneImage({ width: 1000, height: 750, seed: 23 });
    const blurred = await scene.blur(10).jpeg().toBuffer();

    expect(await commentOn(await featuresOf(blurred))).toMatch(/\b(blurry|soft|sharp detail)\b/i);
  });
});
