import {
  EMPTY_PICTURE_LIMITS,
  judgeMeasures,
  measurePicture,
  type PictureMeasures,
} from './picture-content';

const aPhoto: PictureMeasures = {
  channelSpread: 40,
  neighbourCorrelation: 0.9,
  coarseDetail: 20,
  groundShare: 0.1,
  colourCount: 900,
};

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
