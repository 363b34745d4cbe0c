/**
 * The searched names of an account cut into the pieces an index finds them by: a search for part of
 * a name ("pelican" in "PeppyPelican1524") is a case-insensitive "contains", which no sorted or
 * word index answers. Names are folded and cut into padded three-character pieces: a longer search
 * needs all of its own pieces (`$all`), a shorter one a piece starting with it (a range). The
 * "contains" itself still decides, so the pieces may find too many, never too few.
 */

/** The documents' field holding the pieces. */
export const NAME_GRAMS = 'nameGrams';

const GRAM = 3;
/** Pads a name's end, so that its last characters start a piece too. */
const PAD = ' ';

/**
 * Folds case one UTF-16 unit at a time, coarsely enough that two characters a case-insensitive
 * regular expression takes as the same (JavaScript's or MongoDB's) fold alike.
 */
export function foldCase(text: string): string {
  let folded = '';
  for (let i = 0; i < text.length; i += 1) folded += foldUnit(text[i]!);
  return folded;
}

function foldUnit(unit: string): string {
  const upper = unit.toUpperCase();
  const single = upper.length === 1 ? upper : unit;
  const lower = single.toLowerCase();
  return lower.length === 1 ? lower : single;
}

/** The distinct pieces of the names, in no particular order, cut between characters (never
 * inside a surrogate pair, whose halves the stores' UTF-8 cannot hold apart). */
export function nameGrams(names: readonly (string | null | undefined)[]): string[] {
  const grams = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    const padded = [...foldCase(name.toWellFormed()), ...PAD.repeat(GRAM - 1)];
    for (let i = 0; i + GRAM <= padded.length; i += 1) {
      grams.add(padded.slice(i, i + GRAM).join(''));
    }
  }
  return [...grams];
}

/**
 * The condition on `NAME_GRAMS` that every name containing `search` (well formed) meets, case
 * aside, or null when there is none to give (an empty search).
 */
export function nameGramsCondition(search: string): Record<string, unknown> | null {
  const text = foldCase(search);
  const folded = [...text];
  if (folded.length === 0) return null;
  if (folded.length >= GRAM) {
    const pieces = new Set<string>();
    for (let i = 0; i + GRAM <= folded.length; i += 1) {
      pieces.add(folded.slice(i, i + GRAM).join(''));
    }
    return { $all: [...pieces] };
  }
  // Pieces starting with the search: from the search itself up to, not including, the search
  // with its last character one higher (in code point order, the stores' UTF-8 order).
  const last = folded[folded.length - 1]!.codePointAt(0)!;
  if (last >= 0xffff) return null;
  const next =
    folded.slice(0, -1).join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  return { $elemMatch: { $gte: text, $lt: next } };
}

/** Searches longer than this are cut to it. */
export const MAX_NAME_SEARCH = 100;

/**
 * What a search looks for: its first 100 characters (a surrogate pair cut there is dropped
 * whole), with any lone surrogate half as U+FFFD, as the stores keep strings.
 */
export function searchedText(search: string): string {
  let text = search.slice(0, MAX_NAME_SEARCH);
  const last = text.charCodeAt(text.length - 1);
  if (search.length > MAX_NAME_SEARCH && last >= 0xd800 && last < 0xdc00) text = text.slice(0, -1);
  return text.toWellFormed();
}

/**
 * The accounts whose display or anonymous username contains `search` (its searched text, see
 * `searchedText`), case aside: found by their pieces through the index, tested by the
 * "contains".
 */
export function nameSearchFilter(search: string): Record<string, unknown> {
  const text = searchedText(search);
  const pieces = nameGramsCondition(text);
  return { ...(pieces ? { [NAME_GRAMS]: pieces } : {}), ...nameContains(text) };
}

/** The "contains" alone, which tests every account (what the pieces must agree with). */
export function nameContains(text: string): Record<string, unknown> {
  const pattern = { $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
  return { $or: [{ displayUsername: pattern }, { anonymousUsername: pattern }] };
}
