import {
  decideModeration,
  decideOffline,
  FACE_MIN_HUMAN,
  FACE_MIN_SSD,
  FACE_REVIEW_SSD,
  NUDITY_REFUSE,
  NUDITY_REVIEW,
  PERSON_MIN_POINT,
  SUGGESTIVE_REVIEW,
  tooSmall,
} from './gate-rules';

/** What the models said about a plain photo with nobody in it. */
const plain = {
  'face.ssd': 0.12,
  'face.human': 0.3,
  'pose.nose': 0.2,
  'pose.leftShoulder': 0.25,
  'nsfw.neutral': 0.97,
  'nsfw.drawing': 0.02,
  'nsfw.porn': 0.005,
  'nsfw.hentai': 0.003,
  'nsfw.sexy': 0.002,
};
const judged = (scores: Record<string, number>) => {
  const { outcome, reason } = decideOffline({ ...plain, ...scores });
  return `${outcome}${reason ? ` ${reason}` : ''}`;
};

describe('the offline gate’s rules', () => {
  it('passes a photo with no face, nobody and nothing explicit, and keeps the scores', () => {
    expect(decideOffline(plain)).toEqual({
      outcome: 'pass',
      reason: null,
      scores: plain,
      gate: 'offline-v1',
    });
  });

  it('refuses a face only when both detectors see it', () => {
    expect(judged({ 'face.ssd': FACE_MIN_SSD, 'face.human': FACE_MIN_HUMAN })).toBe('refuse face');
    expect(judged({ 'face.ssd': 0.55, 'face.human': 0.49 })).toBe('pass');
    expect(judged({ 'face.ssd': 0.3, 'face.human': 0.9 })).toBe('pass');
  });

  it('holds a face that only the SSD detector is sure of', () => {
    expect(judged({ 'face.ssd': FACE_REVIEW_SSD, 'face.human': 0.2 })).toBe('review face');
    expect(judged({ 'face.ssd': 0.59, 'face.human': 0.2 })).toBe('pass');
  });

  it('refuses a person when any upper-body point of the pose is seen', () => {
    for (const point of ['nose', 'leftEye', 'rightEar', 'leftShoulder', 'rightShoulder']) {
      expect(judged({ [`pose.${point}`]: PERSON_MIN_POINT })).toBe('refuse person');
    }
    expect(judged({ 'pose.leftShoulder': 0.49, 'pose.leftKnee': 0.9 })).toBe('pass');
  });

  it('refuses nudity from Porn and Hentai together, and holds what is close or suggestive', () => {
    expect(judged({ 'nsfw.porn': 0.6, 'nsfw.hentai': NUDITY_REFUSE - 0.6 })).toBe('refuse nudity');
    expect(judged({ 'nsfw.porn': NUDITY_REVIEW, 'nsfw.hentai': 0 })).toBe('review nudity');
    expect(judged({ 'nsfw.porn': 0.5, 'nsfw.hentai': 0.29 })).toBe('pass');
    expect(judged({ 'nsfw.sexy': SUGGESTIVE_REVIEW })).toBe('review nudity');
    expect(judged({ 'nsfw.sexy': 0.79 })).toBe('pass');
  });

  it('gives nudity before a face, and a face before a person, as the reason', () => {
    const everything = {
      'nsfw.porn': 0.97,
      'face.ssd': 0.9,
      'face.human': 0.9,
      'pose.nose': 0.9,
    };
    expect(judged(everything)).toBe('refuse nudity');
    expect(judged({ ...everything, 'nsfw.porn': 0 })).toBe('refuse face');
    expect(judged({ ...everything, 'nsfw.porn': 0, 'face.human': 0 })).toBe('refuse person');
  });

  it('treats a score the models did not give as 0', () => {
    expect(decideOffline({}).outcome).toBe('pass');
  });

  it('refuses an image under 256 px on its short side before any model runs', () => {
    expect(tooSmall({ width: 1024, height: 255 }, 'offline-v1')).toEqual({
      outcome: 'refuse',
      reason: 'too_small',
      scores: {},
      gate: 'offline-v1',
    });
    expect(tooSmall({ width: 256, height: 256 }, 'offline-v1')).toBeNull();
  });
});

describe('the online gate’s rules', () => {
  it('refuses sexual content, and anything sexual about minors, at 0.5 or more', () => {
    expect(decideModeration({ sexual: 0.5, violence: 0.1 })).toEqual({
      outcome: 'refuse',
      reason: 'nudity',
      scores: { 'moderation.sexual': 0.5, 'moderation.violence': 0.1 },
      gate: 'openai:omni-moderation-latest',
    });
    expect(decideModeration({ 'sexual/minors': 0.7 }).outcome).toBe('refuse');
  });

  it('holds moderate sexual scores for a moderator, and passes the rest', () => {
    expect(decideModeration({ sexual: 0.2 })).toMatchObject({
      outcome: 'review',
      reason: 'nudity',
    });
    expect(decideModeration({ sexual: 0.19, violence: 0.9 })).toMatchObject({
      outcome: 'pass',
      reason: null,
    });
  });

  it('keeps only numeric scores', () => {
    expect(
      decideModeration({ sexual: 0.01, odd: Number.NaN } as Record<string, number>).scores,
    ).toEqual({
      'moderation.sexual': 0.01,
    });
  });
});
