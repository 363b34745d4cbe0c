/**
 * Lengths as the server counts them: in Unicode code points, so an emoji such as 🦶 is one
 * character (a JavaScript string's `length` counts it as two).
 */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The text cut to at most `max` code points (never in the middle of one). */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  return [...text].slice(0, max).join('');
}

/**
 * The `maxLength` for a field of `max` code points: the browser counts UTF-16 units, and a code
 * point takes at most two of them, so this never cuts text the server would accept.
 */
export const utf16Cap = (max: number) => max * 2;
