/**
 * Text members write for others (comments, replies, bios), as kept and shown. Pure. Line breaks and
 * tabs stay; what could only disguise or deface the text goes:
 * - control characters (C0 but tab, LF and CR; DEL; C1);
 * - bidi controls (right-to-left text needs none): an unclosed override reverses what follows;
 * - combining marks past four on one letter ("Zalgo" text): no script stacks more.
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
