/**
 * Spec §3: an avatar gradient is picked deterministically from a text (a name or an id) out
 * of 17 colour pairs. White initials stay readable (≥ 4.5:1) on both ends of every pair.
 */
export const AVATAR_GRADIENTS: readonly (readonly [from: string, to: string])[] = [
  ['#b91c1c', '#9f1239'],
  ['#c2410c', '#b91c1c'],
  ['#a16207', '#c2410c'],
  ['#4d7c0f', '#15803d'],
  ['#15803d', '#047857'],
  ['#047857', '#0f766e'],
  ['#0f766e', '#0e7490'],
  ['#0e7490', '#0369a1'],
  ['#0369a1', '#1d4ed8'],
  ['#1d4ed8', '#4338ca'],
  ['#4338ca', '#6d28d9'],
  ['#6d28d9', '#7e22ce'],
  ['#7e22ce', '#a21caf'],
  ['#a21caf', '#be185d'],
  ['#be185d', '#be123c'],
  ['#475569', '#334155'],
  ['#57534e', '#44403c'],
];

/** A stable, non-cryptographic hash (FNV-1a, 32 bit) so a name always maps to the same pair. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function avatarGradient(text: string): readonly [from: string, to: string] {
  const pair = AVATAR_GRADIENTS[hashText(text) % AVATAR_GRADIENTS.length];
  // The modulo keeps the index in range; the fallback only satisfies the type checker.
  return pair ?? AVATAR_GRADIENTS[0]!;
}

/** Inline style for an avatar background. */
export function avatarGradientStyle(text: string): { backgroundImage: string } {
  const [from, to] = avatarGradient(text);
  return { backgroundImage: `linear-gradient(135deg, ${from}, ${to})` };
}

/** The first letter or digit of a name, upper-cased, for avatar fallbacks. */
export function avatarInitial(text: string): string {
  const match = /[\p{L}\p{N}]/u.exec(text);
  return match ? match[0].toUpperCase() : '?';
}
