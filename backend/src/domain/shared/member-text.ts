/**
 * Text a member writes for others to read (comments, replies, bios), as it is kept and shown.
 * Pure. Line breaks and tabs stay; what could only disguise or deface the text goes:
 *
 * - control characters (C0 but tab, line feed and carriage return; DEL; C1), drawn as boxes;
 * - the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069): an unclosed
 *   override reverses the text after it ("‮Hello" reads "olleH"). Right-to-left scripts need none
 *   of them; the reader's own bidi rules place them;
 * - combining marks past four on one letter ("Zalgo" text, drawn across the lines around it).
 *   No script stacks more.
 */
const CONTROLS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;
const MARK_PILES = /(\p{M}{4})\p{M}+/gu;

/**
 * Characters that draw nothing: spaces, the invisible format characters (zero-width spaces and
 * joiners, marks, the word joiner, the BOM, the soft hyphen) and the blank fillers (Hangul and
 * half-width fillers, the braille blank).
 */
const BLANKS =
  /[\s\u00ad\u115f\u1160\u180e\u200b-\u200f\u2060-\u2064\u2800\u3164\uffa0\ufeff]|\u034f|\u17b4|\u17b5/gu;

/** The text as kept: without the characters above, trimmed. */
export function memberText(raw: string): string {
  return raw.replace(CONTROLS, '').replace(MARK_PILES, '$1').trim();
}

/** Whether the text would show as nothing at all (each character blank or invisible). */
export function drawsNothing(text: string): boolean {
  return text.replace(BLANKS, '').length === 0;
}
