/** What the content check doubted, in words (the verdict's `reason`). */
export const FINDINGS: Record<string, string> = {
  face: 'Maybe a face',
  person: 'Maybe a person',
  nudity: 'Maybe nudity',
  too_small: 'Too small to check',
};

/** The scores (by model and label, `face.ssd`, `nsfw.porn`) that bear on each finding. */
const SIGNS: Record<string, (label: string) => boolean> = {
  face: (label) => label.startsWith('face.'),
  person: (label) => label.startsWith('pose.'),
  nudity: (label) =>
    ['nsfw.porn', 'nsfw.hentai', 'nsfw.sexy'].includes(label) ||
    label.startsWith('moderation.sexual'),
};

/**
 * The one sentence a moderator reads first: the finding and its strongest score ("Maybe a face:
 * 0.64"); the finding alone when no score bears on it; null when the check had no doubt.
 */
export function strongestSign(
  verdict: { reason: string | null; scores: Record<string, number> } | null | undefined,
): string | null {
  if (!verdict?.reason) return null;
  const finding = FINDINGS[verdict.reason] ?? 'The content check was unsure';
  const bears = SIGNS[verdict.reason];
  const scores = Object.entries(verdict.scores)
    .filter(([label, score]) => bears?.(label) && Number.isFinite(score))
    .map(([, score]) => score);
  if (scores.length === 0) return finding;
  return `${finding}: ${Math.max(...scores).toFixed(2)}`;
}
