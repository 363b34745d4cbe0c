import { ADJECTIVES, NOUNS } from './anonymous-username';

/**
 * What a name looks like, so that two names a reader cannot tell apart are one name: the "skeleton"
 * of UTS #39, reduced to what names here can hold. Read after NFKC, without accents, case or the
 * separators `_ . -`, with Cyrillic and Greek look-alikes as Latin, and `0`/`o`, `1`/`i`/`l`/`|`,
 * `5`/`s`, `8`/`b`, `rn`/`m`, `vv`/`w`, `cl`/`d` as one. Display names are unique by skeleton:
 * `ARCHES`, `Arch.es`, `Αrches` (Greek alpha) and `Archés` are all `Arches`.
 */

/** Cyrillic and Greek letters drawn like Latin ones (lower case; upper case is folded first). */
// prettier-ignore
const SCRIPT_LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't',
  у: 'y', х: 'x', ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  ɡ: 'g', ո: 'n', ս: 'u', օ: 'o',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u',
  χ: 'x', γ: 'y', ζ: 'z', μ: 'u',
};

/** Single shapes that pass for one another, to one of them. */
const SHAPES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  i: 'l',
  '|': 'l',
  '!': 'l',
  '5': 's',
  '8': 'b',
};

export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  let skeleton = '';
  for (const character of folded) {
    if (/[\s_.\-\u00b7]/u.test(character)) continue;
    const latin = SCRIPT_LOOKALIKES[character] ?? character;
    skeleton += SHAPES[latin] ?? latin;
  }
  // Pairs drawn like one letter, after the single shapes (so `rn`, `r n` and `rп` all join).
  return skeleton.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd');
}

/** Whether two names are one to a reader. */
export function sameNameLook(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
}

/** The anonymous usernames' adjective-and-noun stems by their skeleton (built once). */
let stemsBySkeleton: Map<string, string[]> | null = null;

function anonymousStems(): Map<string, string[]> {
  if (stemsBySkeleton) return stemsBySkeleton;
  stemsBySkeleton = new Map();
  for (const adjective of ADJECTIVES) {
    for (const noun of NOUNS) {
      const stem = `${adjective}${noun}`;
      const key = nameSkeleton(stem);
      stemsBySkeleton.set(key, [...(stemsBySkeleton.get(key) ?? []), stem]);
    }
  }
  return stemsBySkeleton;
}

/** A digit's skeleton back to the digit (the shapes above are one-to-one on digits). */
const DIGIT_OF: Readonly<Record<string, string>> = { o: '0', l: '1', s: '5', b: '8' };

/**
 * The anonymous usernames (`<Adjective><Noun><4 digits>`) a name looks like: anonymous usernames
 * are reserved by their exact name, so a display name is checked against each of these (at most
 * a few) before it is claimed.
 */
export function anonymousUsernamesLike(name: string): string[] {
  const skeleton = nameSkeleton(name);
  if (skeleton.length < 5) return [];
  const digits = [...skeleton.slice(-4)].map((c) => (/[0-9]/.test(c) ? c : DIGIT_OF[c]));
  if (digits.some((digit) => digit === undefined)) return [];
  const stems = anonymousStems().get(skeleton.slice(0, -4)) ?? [];
  return stems.map((stem) => `${stem}${digits.join('')}`);
}
