import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { sceneImage } from '../../../test/support/test-images';
import type { ImageFeatures } from '../../application/ports/image-processor.port';
import { processImage } from '../images/image-pipeline';
import { OfflineRater } from './offline-rater';
import type { PhotoAssessment } from '../../application/ports/rater.port';

const features = (overrides: Partial<ImageFeatures> = {}): ImageFeatures => ({
  width: 1200,
  height: 900,
  sharpness: 0.7,
  meanLuminance: 0.5,
  exposure: 0.9,
  contrast: 0.6,
  colourfulness: 0.3,
  framing: 0.65,
  ...overrides,
});

const rate = (f: ImageFeatures) =>
  new OfflineRater().rate({ image: Buffer.alloc(0), mimeType: 'image/webp', features: f });

const allScores = (a: PhotoAssessment) => [...Object.values(a.scores), a.overall];

describe('OfflineRater', () => {
  it('given the same features twice, when rated, then the assessments are identical', async () => {
    expect(await rate(features())).toEqual(await rate(features()));
  });

  it('given any features, when rated, then scores are 0..10 with one decimal and overall is their mean', async () => {
    const samples = [
      features(),
      features({ sharpness: 0, exposure: 0, contrast: 0, colourfulness: 0, framing: 0 }),
      features({ sharpness: 1, exposure: 1, contrast: 1, colourfulness: 1, framing: 1 }),
      features({
        sharpness: 0.33,
        exposure: 0.71,
        contrast: 0.05,
        colourfulness: 0.9,
        framing: 0.2,
      }),
      features({ sharpness: Number.NaN, exposure: 7, contrast: -1 }),
    ];
    for (const sample of samples) {
      const assessment = await rate(sample);

      for (const score of allScores(assessment)) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(10);
        expect(Math.round(score * 10) / 10).toBe(score);
      }
      const mean = Object.values(assessment.scores).reduce((a, b) => a + b, 0) / 4;
      expect(assessment.overall).toBe(Math.round(mean * 10) / 10);
      expect(assessment.verdict).toBe('ok');
      expect(assessment.rater).toBe('offline-v2');
      expect(assessment.comment.length).toBeLessThanOrEqual(280);
      expect(assessment.comment).toMatch(/\d/);
    }
  });

  it('given flawless and hopeless measurements, when rated, then they span the scale', async () => {
    const best = await rate(
      features({ sharpness: 1, exposure: 1, contrast: 1, colourfulness: 1, framing: 1 }),
    );
    const worst = await rate(
      features({ sharpness: 0, exposure: 0, contrast: 0, colourfulness: 0, framing: 0 }),
    );

    expect(best.overall).toBe(10);
    expect(worst.overall).toBe(1);
    expect(best.comment).toContain('Nothing to fix');
    expect(worst.comment).toContain('Hard to judge');
  });

  it('given photos measured as phone photos of feet measure at their 10th and 90th percentiles, when rated, then their scores lie more than three points apart', async () => {
    const low = await rate(
      features({
        sharpness: 0.16,
        exposure: 0.88,
        contrast: 0.59,
        colourfulness: 0.14,
        framing: 0.79,
        meanLuminance: 0.39,
      }),
    );
    const middle = await rate(
      features({
        sharpness: 0.43,
        exposure: 0.999,
        contrast: 0.75,
        colourfulness: 0.22,
        framing: 0.9,
        meanLuminance: 0.56,
      }),
    );
    const high = await rate(
      features({
        sharpness: 0.79,
        exposure: 1,
        contrast: 0.94,
        colourfulness: 0.41,
        framing: 0.97,
        meanLuminance: 0.63,
      }),
    );

    expect(high.overall - low.overall).toBeGreaterThan(3);
    expect(middle.overall).toBeGreaterThan(low.overall);
    expect(high.overall).toBeGreaterThan(middle.overall);
  });

  it('given photos whose comment names a fault (blurry, badly framed, dark, glaring), when rated, then none scores over 5.5, and the worse the fault the lower', async () => {
    const faults =
      /blurry|little sharp detail|off to one side|frame is empty|is dark|underexposed|very bright|overexposed/i;
    const grid = [0, 0.1, 0.2, 0.4, 0.7, 1];
    let faulted = 0;
    for (const sharpness of grid) {
      for (const framing of [0.3, 0.7, 0.85, 1]) {
        for (const meanLuminance of [0.1, 0.25, 0.5, 0.8, 0.95]) {
          for (const colourfulness of [0, 0.3, 0.6]) {
            const assessment = await rate(
              features({ sharpness, framing, meanLuminance, colourfulness, exposure: 1 }),
            );
            if (!faults.test(assessment.comment)) continue;
            faulted += 1;
            expect(assessment.overall).toBeLessThanOrEqual(5.5);
            for (const score of Object.values(assessment.scores)) {
              expect(score).toBeLessThanOrEqual(5.5);
            }
          }
        }
      }
    }
    expect(faulted).toBeGreaterThan(100);
    const soft = await rate(
      features({ sharpness: 0.12, exposure: 1, colourfulness: 0.6, framing: 0.95 }),
    );
    const blurred = await rate(
      features({ sharpness: 0.02, exposure: 1, colourfulness: 0.6, framing: 0.95 }),
    );
    expect(soft.comment).toMatch(/blurry|little sharp detail/i);
    expect(blurred.overall).toBeLessThan(soft.overall);
  });

  it('given a photo that measures well but is dark, when rated, then the comment names the darkness however good the rest', async () => {
    const assessment = await rate(
      features({ sharpness: 0.9, framing: 0.97, colourfulness: 0.5, meanLuminance: 0.15 }),
    );

    expect(assessment.comment).toMatch(/dark|underexposed/i);
    expect(assessment.overall).toBeLessThanOrEqual(5.5);
  });

  it('given a blurry photo, when rated, then the comment names focus as the thing to improve, with its figure', async () => {
    const assessment = await rate(features({ sharpness: 0.1, exposure: 1, framing: 0.95 }));

    expect(assessment.comment).toMatch(/(blurry|sharp detail).*focus (only )?18\/100/i);
  });

  it('given a sharp well-exposed photo and a blurred dark copy, when rated, then the first scores higher', async () => {
    const photo = readFileSync(join(__dirname, '../../../test/fixtures/repost/gravel.jpg'));
    const good = await processImage(photo);
    const poor = await processImage(
      await sharp(photo).blur(8).linear(0.25, 0).jpeg({ quality: 90 }).toBuffer(),
    );
    const rater = new OfflineRater();

    const goodRating = await rater.rate({
      image: good.webp,
      mimeType: 'image/webp',
      features: good.features,
    });
    const poorRating = await rater.rate({
      image: poor.webp,
      mimeType: 'image/webp',
      features: poor.features,
    });

    expect(goodRating.overall).toBeGreaterThan(poorRating.overall + 1);
    expect(goodRating.scores.toeNails).toBeGreaterThan(poorRating.scores.toeNails);
    expect(goodRating.scores.aesthetic).toBeGreaterThan(poorRating.scores.aesthetic);
  });

  it('given the same photo processed twice, when rated, then the result is the same', async () => {
    const input = await sharp(
      await sceneImage({ width: 500, height: 400, seed: 22 }).png().toBuffer(),
    )
      .jpeg()
      .toBuffer();
    const first = await processImage(input);
    const second = await processImage(input);

    expect(await rate(first.features)).toEqual(await rate(second.features));
  });
});
