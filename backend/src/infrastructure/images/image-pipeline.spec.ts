import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  exifHasGps,
  makeJpeg,
  makeNoisyJpegOfSize,
  makePng,
  makeWebp,
  sceneImage,
} from '../../../test/support/test-images';
import {
  ImageTooLargeError,
  NotAnImageError,
  type ImageFeatures,
} from '../../application/ports/image-processor.port';
import { hammingDistance } from '../../domain/post/perceptual-hash';
import { decodeImage, processImage } from './image-pipeline';
import { ValidationError } from '../../domain/shared/errors';

describe('processImage', () => {
  describe('metadata', () => {
    it('given a JPEG with EXIF and GPS, when processed, then the output carries no metadata', async () => {
      const input = await makeJpeg({ width: 800, height: 600, withGps: true, seed: 2 });
      const inputMeta = await sharp(input).metadata();
      expect(exifHasGps(inputMeta.exif)).toBe(true);

      const result = await processImage(input);

      for (const output of [result.webp, result.thumbnail]) {
        const meta = await sharp(output).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
      // Belt and braces: the raw bytes hold no EXIF chunk and none of the GPS values.
      expect(result.webp.includes(Buffer.from('EXIF'))).toBe(false);
      expect(result.webp.includes(Buffer.from('FootCam'))).toBe(false);
    });

    it('given EXIF orientation 6, when processed, then the pixels are turned and the tag is gone', async () => {
      const input = await makeJpeg({ width: 800, height: 600, orientation: 6, seed: 3 });

      const result = await processImage(input);

      expect([result.width, result.height]).toEqual([600, 800]);
      expect(result.features).toMatchObject({ width: 600, height: 800 });
      // Orientation 6 means "turn 90° clockwise to view": the stored top-left corner (red in
      // every test scene) ends up top-right.
      const { data, info } = await sharp(result.webp).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
      ];
      expect(isRed(pixel(info.width - 10, 10))).toBe(true);
      expect(isRed(pixel(10, 10))).toBe(false);
    });
  });

  describe('formats', () => {
    it('given a PNG, when processed, then it is re-encoded to WebP with a thumbnail', async () => {
      const result = await processImage(await makePng({ width: 640, height: 480, seed: 4 }));

      expect(result.sourceFormat).toBe('png');
      expect([result.width, result.height]).toEqual([640, 480]);
      const thumb = await sharp(result.thumbnail).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 480, 360]);
    });

    it('given a PNG with transparency, when processed, then it is flattened onto white', async () => {
      const result = await processImage(await makePng({ width: 300, height: 200, alpha: true }));

      expect(result.sourceFormat).toBe('png');
      // Nothing hides in an alpha channel: every theme shows what the content gate judged.
      expect((await sharp(result.webp).metadata()).hasAlpha).toBe(false);
    });

    it('given a WebP or an AVIF, when processed, then it is accepted', async () => {
      const webp = await processImage(await makeWebp({ width: 320, height: 240 }));
      const avifInput = await sceneImage({ width: 320, height: 240 }).avif().toBuffer();
      const avif = await processImage(avifInput);

      expect(webp.sourceFormat).toBe('webp');
      expect(avif.sourceFormat).toBe('avif');
      expect([avif.width, avif.height]).toEqual([320, 240]);
    });

    it.each([
      ['text', Buffer.from('Hello, I am definitely a photo of feet.\n')],
      ['empty', Buffer.alloc(0)],
      [
        'SVG',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
      ],
    ])('given %s bytes, when processed, then NotAnImageError', async (_name, input) => {
      const attempt = processImage(input);

      await expect(attempt).rejects.toThrow(NotAnImageError);
      await expect(attempt).rejects.toThrow('Please upload an image file');
    });

    it('given a GIF or a TIFF, when processed, then NotAnImageError', async () => {
      const gif = await sceneImage({ width: 50, height: 50 }).gif().toBuffer();
      const tiff = await sceneImage({ width: 50, height: 50 }).tiff().toBuffer();

      await expect(processImage(gif)).rejects.toThrow(NotAnImageError);
      await expect(processImage(tiff)).rejects.toThrow(NotAnImageError);
    });

    it('given a truncated JPEG, when processed, then NotAnImageError', async () => {
      const whole = await makeJpeg({ width: 800, height: 600 });

      await expect(processImage(whole.subarray(0, whole.length / 2))).rejects.toThrow(
        NotAnImageError,
      );
    });

    it('given an image over the pixel limit, when processed, then ImageTooLargeError, a validation error', async () => {
      const input = await makeJpeg({ width: 400, height: 300 });

      const attempt = processImage(input, { maxPixels: 100_000 });

      await expect(attempt).rejects.toThrow(ImageTooLargeError);
      await expect(attempt).rejects.toThrow(ValidationError);
    });
  });

  describe('size', () => {
    it('given a large photo, when processed, then the longest side is capped at 2048', async () => {
      const result = await processImage(await makeJpeg({ width: 3000, height: 2000 }));

      expect([result.width, result.height]).toEqual([2048, 1365]);
      expect(result.features).toMatchObject({ width: 3000, height: 2000 });
      const thumb = await sharp(result.thumbnail).metadata();
      expect([thumb.width, thumb.height]).toEqual([480, 320]);
    });

    it('given a small photo, when processed, then it is not enlarged', async () => {
      const result = await processImage(await makeJpeg({ width: 200, height: 150 }));

      expect([result.width, result.height]).toEqual([200, 150]);
      const thumb = await sharp(result.thumbnail).metadata();
      expect([thumb.width, thumb.height]).toEqual([200, 150]);
    });

    it('given a 10 MB noisy JPEG, when processed, then it completes', async () => {
      const input = await makeNoisyJpegOfSize(10 * 1024 * 1024);

      const result = await processImage(input);

      expect(result.sourceFormat).toBe('jpeg');
      expect(Math.max(result.width, result.height)).toBeLessThanOrEqual(2048);
    });
  });

  describe('decoding for the checks', () => {
    it('given a photo, when decoded, then its pixels are the stored image scaled down, never up', async () => {
      const decoded = await decodeImage(await makeJpeg({ width: 1200, height: 900, seed: 7 }));

      const half = await decoded.pixels(600);
      expect([half.width, half.height, half.data.length]).toEqual([600, 450, 600 * 450 * 3]);
      const whole = await decoded.pixels(4000);
      expect([whole.width, whole.height]).toEqual([1200, 900]);
      const processed = await decoded.processed;
      expect([processed.width, processed.height]).toEqual([decoded.width, decoded.height]);
      expect(processed.perceptualHash).toBe(decoded.perceptualHash);
    });

    it('given colour under a transparent PNG, when decoded, then the gate is shown the white it shows', async () => {
      const hidden = await sharp(Buffer.alloc(300 * 300 * 4, Buffer.from([255, 0, 0, 0])), {
        raw: { width: 300, height: 300, channels: 4 },
      })
        .png()
        .toBuffer();

      const { data } = await (await decodeImage(hidden)).pixels(64);

      expect(data.every((value) => value === 255)).toBe(true);
    });
  });

  describe('hashes', () => {
    it('given the same input twice, when processed, then the content hash is the same sha256', async () => {
      const input = await makeJpeg({ width: 640, height: 480, seed: 5 });

      const first = await processImage(input);
      const second = await processImage(Buffer.from(input));

      expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(first.contentHash).toBe(createHash('sha256').update(first.webp).digest('hex'));
      expect(second.contentHash).toBe(first.contentHash);
      expect(second.perceptualHash).toBe(first.perceptualHash);
    });

    it.each([1, 2, 3, 4, 5, 6])(
      'given photo %i re-encoded, resized or converted, when processed, then the perceptual hash stays within 6 bits',
      async (seed) => {
        const original = await makeJpeg({ width: 1200, height: 900, seed });
        const copies = await Promise.all([
          sharp(original).jpeg({ quality: 50 }).toBuffer(),
          sharp(original).resize(600).jpeg({ quality: 70 }).toBuffer(),
          sharp(original).resize(400).png().toBuffer(),
          sharp(original).webp({ quality: 50 }).toBuffer(),
        ]);

        const hash = (await processImage(original)).perceptualHash;

        expect(hash).toMatch(/^[0-9a-f]{16}$/);
        for (const copy of copies) {
          const copyHash = (await processImage(copy)).perceptualHash;
          expect(hammingDistance(hash, copyHash)).toBeLessThanOrEqual(6);
        }
      },
    );

    it('given different photos, when processed, then their perceptual hashes are far apart', async () => {
      const hashes = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(
          async (seed) =>
            (await processImage(await makeJpeg({ width: 600, height: 450, seed }))).perceptualHash,
        ),
      );

      for (let i = 0; i < hashes.length; i++) {
        for (let j = i + 1; j < hashes.length; j++) {
          expect(hammingDistance(hashes[i], hashes[j])).toBeGreaterThan(12);
        }
      }
    });

    it('given two hashes, when compared, then the distance counts differing bits', () => {
      expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
      expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
      expect(hammingDistance('00000000000000f1', '0000000000000000')).toBe(5);
      expect(hammingDistance('ABCDEF0123456789', 'abcdef0123456789')).toBe(0);
      expect(() => hammingDistance('abc', '0000000000000000')).toThrow(TypeError);
    });
  });

  describe('features', () => {
    const featuresOf = async (image: sharp.Sharp) =>
      (await processImage(await image.jpeg({ quality: 90 }).toBuffer())).features;

    it('given any photo, when measured, then every feature is within 0..1', async () => {
      const features = await featuresOf(sceneImage({ width: 800, height: 600, seed: 8 }));

      for (const key of [
        'sharpness',
        'meanLuminance',
        'exposure',
        'contrast',
        'colourfulness',
        'framing',
      ] as const) {
        expect(features[key]).toBeGreaterThanOrEqual(0);
        expect(features[key]).toBeLessThanOrEqual(1);
      }
    });

    it('given the same photo blurred, when measured, then it is less sharp', async () => {
      const crisp = await featuresOf(sceneImage({ width: 800, height: 600, seed: 9 }));
      const blurred = await featuresOf(sceneImage({ width: 800, height: 600, seed: 9 }).blur(6));

      expect(blurred.sharpness).toBeLessThan(crisp.sharpness / 2);
    });

    it('given the same photo darkened, when measured, then it is darker and worse exposed', async () => {
      const normal = await featuresOf(sceneImage({ width: 800, height: 600, seed: 10 }));
      const dark = await featuresOf(
        sceneImage({ width: 800, height: 600, seed: 10 }).linear(0.2, 0),
      );

      expect(dark.meanLuminance).toBeLessThan(normal.meanLuminance);
      expect(dark.exposure).toBeLessThan(normal.exposure);
      expect(dark.contrast).toBeLessThan(normal.contrast);
    });

    it('given a grey photo, when measured, then it has no colourfulness and a colourful one has some', async () => {
      const grey = await featuresOf(sceneImage({ width: 400, height: 300, seed: 11 }).greyscale());
      const colour = await featuresOf(sceneImage({ width: 400, height: 300, seed: 11 }));

      expect(grey.colourfulness).toBeLessThan(0.02);
      expect(colour.colourfulness).toBeGreaterThan(0.1);
    });

    it('given a subject in a corner, when measured, then framing is worse than centred', async () => {
      const subject = await sceneImage({ width: 300, height: 225, seed: 12 }).png().toBuffer();
      const place = (left: number, top: number) =>
        sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b0b0b0' } })
          .composite([{ input: subject, left, top }])
          .png();

      const centred: ImageFeatures = await featuresOf(sharp(await place(450, 337).toBuffer()));
      const corner: ImageFeatures = await featuresOf(sharp(await place(0, 0).toBuffer()));

      expect(corner.framing).toBeLessThan(centred.framing);
    });
  });
});

function isRed([r, g, b]: number[]): boolean {
  return r > 200 && g < 60 && b < 60;
}
