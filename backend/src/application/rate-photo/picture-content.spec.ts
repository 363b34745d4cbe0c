import { EMPTY_PICTURES, realPhotos } from '../../../test/support/empty-pictures';
import { sceneImage } from '../../../test/support/test-images';
import { decodeImage } from '../../infrastructure/images/image-pipeline';
import {
  EMPTY_PICTURE_LIMITS,
  emptyPictureKind,
  judgeMeasures,
  measurePicture,
  PICTURE_CHECK_SIDE,
  type PictureMeasures,
} from './picture-content';

/** The pixels the upload checks read, made by the real image pipeline. */
async function pixelsOf(bytes: Buffer) {
  return (await decodeImage(bytes)).pixels(PICTURE_CHECK_SIDE);
}

const aPhoto: PictureMeasures = {
  channelSpread: 40,
  neighbourCorrelation: 0.9,
  coarseDetail: 20,
  groundShare: 0.1,
  colourCount: 900,
};

describe('emptyPictureKind', () => {
  it.each(EMPTY_PICTURES.map((sample) => [sample.name, sample] as const))(
    'given %s, when measured, then it is found to carry no picture',
    async (_name, sample) => {
      expect(emptyPictureKind(await pixelsOf(await sample.make()))).toBe(sample.kind);
    },
  );

  it.each(realPhotos().map((photo) => [photo.name, photo.bytes] as const))(
    'given the real photograph %s, when measured, then it is a picture',
    async (_name, bytes) => {
      expect(emptyPictureKind(await pixelsOf(bytes))).toBeNull();
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
        expect({ width, seed, kind: emptyPictureKind(await pixelsOf(jpeg)) }).toEqual({
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

    expect(emptyPictureKind(await pixelsOf(blurred))).toBeNull();
  });
});

describe('judgeMeasures', () => {
  it('given measures just either side of each limit, when judged, then the limit decides', () => {
    const limits = EMPTY_PICTURE_LIMITS;
    expect(judgeMeasures(aPhoto)).toBeNull();
    expect(judgeMeasures({ ...aPhoto, channelSpread: limits.flatChannelSpread - 0.1 })).toBe(
      'flat',
    );
    expect(
      judgeMeasures({ ...aPhoto, neighbourCorrelation: limits.noiseNeighbourCorrelation - 0.01 }),
    ).toBe('noise');
    expect(judgeMeasures({ ...aPhoto, coarseDetail: limits.smoothCoarseDetail - 0.1 })).toBe(
      'smooth',
    );
    const plainGround = { ...aPhoto, groundShare: limits.textGroundShare, colourCount: 40 };
    expect(judgeMeasures(plainGround)).toBe('text');
    // A colourful photo with a large plain area (a clipped sky) is still a photo.
    expect(judgeMeasures({ ...plainGround, colourCount: limits.textColourCount })).toBeNull();
  });

  it('given a single-colour image, when measured, then nothing varies and nothing is detailed', () => {
    const data = new Uint8Array(64 * 64 * 3).fill(128);
    const measures = measurePicture({ data, width: 64, height: 64 });

    expect(measures).toEqual({
      channelSpread: 0,
      neighbourCorrelation: 1,
      coarseDetail: 0,
      groundShare: 1,
      colourCount: 1,
    });
  });
});
