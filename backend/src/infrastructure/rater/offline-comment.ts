import type { ImageFeatures } from '../../application/ports/image-processor.port';

type Quality = 'focus' | 'lighting' | 'contrast' | 'colour' | 'framing';

/** Order decides ties, so equal measurements always pick the same sentences. */
const QUALITIES: readonly Quality[] = ['focus', 'lighting', 'contrast', 'colour', 'framing'];

/** Each quality 0..1, as the offline rater scores it. */
export type Qualities = Record<Quality, number>;

/** Below this a quality is poor: the comment says so, and a poor focus or framing caps the score. */
export const POOR_BELOW = 0.35;
/** From this a quality is good. */
const GOOD_FROM = 0.65;
/** Above this the weakest quality is not worth a tip. */
const NOTHING_TO_FIX = 0.8;
/** Below this the strongest quality is not worth praise. */
const NOTHING_TO_PRAISE = POOR_BELOW;
/** Mean luma outside this range reads as dark or bright, whatever else is weak. */
const DARK_BELOW = 0.3;
const BRIGHT_ABOVE = 0.75;

type Band = 'good' | 'fair' | 'poor';
/** A sentence about one quality in one band, given its figure in words (`62/100`, `41%`). */
type Phrase = (figure: string) => string;

/**
 * What the offline rater says, sentence by sentence, each naming the figure it measured. Every
 * band has two wordings; which one a photo gets follows from its measurements, so a comment is
 * the same for the same photo and different photos read differently.
 */
const PHRASES: Record<Exclude<Quality, 'lighting'>, Record<Band, Phrase[]>> = {
  focus: {
    good: [
      (f) => `Crisp: the focus measure reads ${f}, so fine detail holds up.`,
      (f) => `Edges are sharp here, ${f} on the focus measure.`,
    ],
    fair: [
      (f) => `Focus is fair at ${f}; fine detail is a little soft.`,
      (f) => `The detail is somewhat soft (focus ${f}): tap the screen to focus before shooting.`,
    ],
    poor: [
      (f) => `The photo is blurry, focus only ${f}: hold the phone steady or tap to focus.`,
      (f) => `Little sharp detail was found (focus ${f}): a steadier shot would help a lot.`,
    ],
  },
  contrast: {
    good: [
      (f) => `Strong contrast (${f}) makes the shapes stand out.`,
      (f) => `Lights and shadows are well apart, contrast ${f}.`,
    ],
    fair: [
      (f) => `Contrast is moderate at ${f}; a background in another tone would lift it.`,
      (f) => `The tones sit fairly close together (contrast ${f}).`,
    ],
    poor: [
      (f) =>
        `The photo looks flat, contrast only ${f}: try a plain background in a different tone.`,
      (f) => `Tones are washed together (contrast ${f}), so the outline gets lost.`,
    ],
  },
  colour: {
    good: [
      (f) => `The colours are lively, ${f} on the colour measure.`,
      (f) => `Rich colour here (${f}).`,
    ],
    fair: [
      (f) => `Colour is muted at ${f}; natural daylight would warm it up.`,
      (f) => `The colours are on the quiet side (${f}).`,
    ],
    poor: [
      (f) => `Almost no colour was measured (${f}): daylight would bring out truer tones.`,
      (f) => `The photo is nearly colourless, ${f} on the colour measure.`,
    ],
  },
  framing: {
    good: [
      (f) => `Well framed: the detail is centred and fills the frame (framing ${f}).`,
      (f) => `The subject sits nicely in the frame, framing ${f}.`,
    ],
    fair: [
      (f) => `Framing is fair at ${f}; moving closer would fill more of the frame.`,
      (f) => `The subject is a little off-centre or small (framing ${f}).`,
    ],
    poor: [
      (f) =>
        `The detail is off to one side or tiny (framing ${f}): centre your feet and fill the frame.`,
      (f) => `Much of the frame is empty, framing only ${f}: get closer.`,
    ],
  },
};

const LIGHTING: Record<'dark' | 'bright' | 'balanced' | 'clipped', Phrase[]> = {
  dark: [
    (f) => `The photo is dark, average brightness ${f}: move to better light.`,
    (f) => `It is underexposed (brightness ${f}), so detail hides in the shadows.`,
  ],
  bright: [
    (f) => `The photo is very bright, average brightness ${f}: step out of direct light.`,
    (f) => `It is overexposed (brightness ${f}), washing out the detail.`,
  ],
  balanced: [
    (f) => `Exposure is balanced, average brightness ${f}.`,
    (f) => `The light is even, neither dark nor bright (brightness ${f}).`,
  ],
  clipped: [
    (f) => `Parts of it are pure black or white (brightness ${f}): softer, even light would help.`,
    (f) => `Some areas lose all detail to deep shadow or glare (brightness ${f}).`,
  ],
};

/**
 * The offline rater's comment: one sentence on what measured best and one on what measured worst,
 * each with the figure behind it; a dark or bright photo is always told so.
 */
export function offlineComment(features: ImageFeatures, quality: Qualities): string {
  let strongest = QUALITIES[0];
  let weakest = QUALITIES[0];
  for (const name of QUALITIES) {
    if (quality[name] > quality[strongest]) strongest = name;
    if (quality[name] < quality[weakest]) weakest = name;
  }
  const fault = photoFault(features, quality);
  if (fault && strongest !== fault.quality) weakest = fault.quality;
  const pick = variant(features);
  const sentence = (name: Quality) => describe(name, features, quality, pick);

  if (quality[strongest] < NOTHING_TO_PRAISE) {
    const best = `${QUALITY_NAMES[strongest]}, at ${percent(quality[strongest])}`;
    return `Hard to judge: even its best measure, ${best}, is low. ${sentence(weakest)}`;
  }
  if (strongest === weakest && quality[weakest] < NOTHING_TO_FIX) return sentence(strongest);
  if (strongest === weakest) {
    return `${sentence(strongest)} Nothing to fix: every measure reads ${percent(quality[weakest])}.`;
  }
  if (quality[weakest] >= NOTHING_TO_FIX) {
    const worst = `${QUALITY_NAMES[weakest]}, reads ${percent(quality[weakest])}`;
    return `${sentence(strongest)} Nothing to fix: even the weakest measure, ${worst}.`;
  }
  return `${sentence(strongest)} ${sentence(weakest)}`;
}

const QUALITY_NAMES: Record<Quality, string> = {
  focus: 'focus',
  lighting: 'exposure',
  contrast: 'contrast',
  colour: 'colour',
  framing: 'framing',
};

function describe(name: Quality, features: ImageFeatures, quality: Qualities, pick: number) {
  if (name === 'lighting') {
    const phrases = LIGHTING[lightingKind(features)];
    return phrases[pick % phrases.length](`${Math.round(unitOr0(features.meanLuminance) * 100)}%`);
  }
  const value = quality[name];
  const band: Band = value >= GOOD_FROM ? 'good' : value >= POOR_BELOW ? 'fair' : 'poor';
  const phrases = PHRASES[name][band];
  return phrases[pick % phrases.length](percent(value));
}

/**
 * What the comment must name and the score must follow (`assessFeatures`): a dark or glaring
 * photo (always named, as before any other fault), else the poorer of a poor focus or framing;
 * `measure` is the worst of them on the qualities' scale (below `POOR_BELOW`, 0 at worst).
 * Null when the photo has none of them.
 */
export function photoFault(
  features: ImageFeatures,
  quality: Qualities,
): { quality: Quality; measure: number } | null {
  const mean = unitOr0(features.meanLuminance);
  const light =
    mean < DARK_BELOW
      ? (mean / DARK_BELOW) * POOR_BELOW
      : mean > BRIGHT_ABOVE
        ? ((1 - mean) / (1 - BRIGHT_ABOVE)) * POOR_BELOW
        : 1;
  const shape: Quality = quality.focus <= quality.framing ? 'focus' : 'framing';
  const measure = Math.min(light, quality[shape]);
  if (measure >= POOR_BELOW) return null;
  return { quality: light < POOR_BELOW ? 'lighting' : shape, measure };
}

function lightingKind(features: ImageFeatures): keyof typeof LIGHTING {
  const mean = unitOr0(features.meanLuminance);
  if (mean < DARK_BELOW) return 'dark';
  if (mean > BRIGHT_ABOVE) return 'bright';
  return unitOr0(features.exposure) >= 0.65 ? 'balanced' : 'clipped';
}

/** Which wording: from the measurements themselves, so no randomness and no clock. */
function variant(features: ImageFeatures): number {
  const sum =
    unitOr0(features.sharpness) +
    unitOr0(features.contrast) +
    unitOr0(features.colourfulness) +
    unitOr0(features.framing) +
    unitOr0(features.meanLuminance);
  return Math.floor(sum * 1000) % 2;
}

const percent = (value: number) => `${Math.round(value * 100)}/100`;

function unitOr0(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
