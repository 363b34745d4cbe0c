import { describe, expect, it } from 'vitest';

import { strongestSign } from './held-reason';

const scores = {
  'face.ssd': 0.64,
  'face.human': 0.31,
  'nsfw.drawing': 0.9,
  'nsfw.neutral': 0.8,
  'nsfw.porn': 0.02,
  'nsfw.sexy': 0.05,
  'pose.nose': 0.7,
};

describe('strongestSign', () => {
  it('given a face held a post, names it with its strongest face score', () => {
    expect(strongestSign({ reason: 'face', scores })).toBe('Maybe a face: 0.64');
  });

  it('given nudity held a post, reads only the nudity scores', () => {
    expect(strongestSign({ reason: 'nudity', scores })).toBe('Maybe nudity: 0.05');
    expect(
      strongestSign({
        reason: 'nudity',
        scores: { 'moderation.sexual': 0.27, 'moderation.violence': 0.9 },
      }),
    ).toBe('Maybe nudity: 0.27');
  });

  it('given no score bears on the finding, says the finding alone', () => {
    expect(strongestSign({ reason: 'too_small', scores: {} })).toBe('Too small to check');
  });

  it('given no doubt, says nothing', () => {
    expect(strongestSign({ reason: null, scores })).toBeNull();
    expect(strongestSign(null)).toBeNull();
  });
});
