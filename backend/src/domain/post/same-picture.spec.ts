import { samePictureVerdict } from './same-picture';

describe('samePictureVerdict', () => {
  it('given most keypoints in place, when judged, then the same picture', () => {
    expect(samePictureVerdict({ matching: 220, share: 0.49 })).toBe('same');
    expect(samePictureVerdict({ matching: 40, share: 0.25 })).toBe('same');
  });

  it('given many keypoints in place but few of the photo’s (two shots on one floor), when judged, then unsure or different, never the same', () => {
    expect(samePictureVerdict({ matching: 185, share: 0.2 })).toBe('unsure');
    expect(samePictureVerdict({ matching: 61, share: 0.14 })).toBe('different');
  });

  it('given few keypoints in place, when judged, then unsure or different whatever their share', () => {
    expect(samePictureVerdict({ matching: 39, share: 0.9 })).toBe('unsure');
    expect(samePictureVerdict({ matching: 14, share: 0.9 })).toBe('different');
    expect(samePictureVerdict({ matching: 0, share: 0 })).toBe('different');
  });
});
