import { EMPTY_PICTURES, realPhotos } from '../../../test/support/empty-pictures';
import { sceneImage } from '../../../test/support/test-images';
import { judgeMeasures } from '../../domain/photo-rating/picture-content';
import { decodeImage } from './image-pipeline';

/** What the upload checks conclude of an upload's picture measures (made in the pixel worker). */
async function emptyPictureKind(bytes: Buffer) {
  return judgeMeasures(await (await decodeImage(bytes)).pictureMeasures());
}

describe('the picture measures of an upload', () => {
  it.each(EMPTY_PICTURES.map((sample) => [sample.name, sample] as const))(
    'given %s, when measured, then it is found to carry no picture',
    async (_name, sample) => {
      expect(await emptyPictureKind(await sample.make())).toBe(sample.kind);
    },
  );

  it.each(realPhotos().map((photo) => [photo.name, photo.bytes] as const))(
    'given the real photograph %s, when measured, then it is a picture',
    async (_name, bytes) => {
      expect(await emptyPictureKind(bytes)).toBeNull();
    },
  );

  it('given the test scenes the other tests upload as photos, when measured, then each is a picture', async () => {
    for (const [width, height] of [
      [256, 256],
      [600, 400],
      [1200, 900],
    ]) {
      for (const seed of [1, 2, 3, 21, 42]) {
        const jpeg = await sceneImage({ width, height, seed }).jpeg({ quality: 90 }).toBuffer();
        expect({ width, seed, kind: await emptyPictureKind(jpeg) }).toEqual({
          width,
          seed,
          kind: null,
        });
      }
    }
  });

  it('given a photo blurred until only its shapes are left, when measured, then it is still a picture', async () => {
    const blurred = await sceneImage({ width: 800, height: 600, seed: 5 })
      .blur(6)
      .jpeg()
      .toBuffer();

    expect(await emptyPictureKind(blurred)).toBeNull();
  });
});
