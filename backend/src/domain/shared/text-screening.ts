import {
  englishDataset,
  englishRecommendedTransformers,
  RegExpMatcher,
  type Matcher,
} from 'obscenity';

/**
 * What the automatic filters of members' words share (comments, replies, names, bios, social
 * links): one normalisation, one word list with its evasion handling, one link rule. Pure. Texts
 * are read after NFKC (`ｆｕｃｋ` is `fuck`), without the invisible characters that split a word for
 * the eye only, and with every character that reads as a full stop read as one.
 */

/** Characters drawn as (or nearly as) a full stop that NFKC leaves as they are. */
const DOT_LOOKALIKES =
  /[\u00b7\u0701\u0702\u06d4\u2022\u2024\u2027\u2219\u22c5\u2e31\u2e33\u2e3c\u3002\u30fb\ua4f8\ua60e\ufe52\uff0e\uff61\uff65]/gu;
/** Zero-width spaces, joiners and marks, the word joiner, the BOM and the soft hyphen. */
const INVISIBLES = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/gu;

/** The text as the filters read it (see above); never what is stored or shown. */
export function normaliseForScreening(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLES, '').replace(DOT_LOOKALIKES, '.');
}

let matcher: Matcher | null = null;

function obscenityMatcher(): Matcher {
  matcher ??= new RegExpMatcher({
    ...englishDataset.build(),
    ...englishRecommendedTransformers,
  });
  return matcher;
}

/**
 * Letters spaced out to slip past a word list ("f u c k", "s.h.i.t"): runs of three or more
 * single characters between spaces or punctuation, joined back into a word.
 */
function joinSpacedLetters(text: string): string {
  return text.replace(/(?:^|(?<=\s))(?:\p{L}[\s.\-_*]+){2,}\p{L}(?=\s|$|[.,!?])/gu, (run) =>
    run.replace(/[\s.\-_*]+/g, ''),
  );
}

/** Tokens of this length or more that hold two digits or more are codes, not words. */
export const CODE_MIN_LENGTH = 8;

/**
 * Whether a run of letters and digits is a code, a hash, a size or a number rather than leetspeak.
 * The word list's leetspeak transformer reads digits as letters, which catches `sh1t` but also
 * reads `a558003722` as "ass…". Leetspeak swaps a letter or two in a word that stays mostly
 * letters, so a token with two digits or more is a code when it is long (`CODE_MIN_LENGTH`) or
 * holds more digits than letters (`1080p`).
 */
export function isCodeToken(token: string): boolean {
  const digits = token.match(/\p{N}/gu)?.length ?? 0;
  if (digits < 2) return false;
  const letters = [...token].length - digits;
  return [...token].length >= CODE_MIN_LENGTH || digits > letters;
}

/**
 * The digits of code tokens become spaces, so leetspeak cannot turn them into letters; the
 * letters stay, so a word written into a code (`fuck1234`) is still found as itself.
 */
function withoutCodeDigits(text: string): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (token) =>
    isCodeToken(token) ? token.replace(/\p{N}/gu, ' ') : token,
  );
}

export function isOffensive(text: string): boolean {
  const found = obscenityMatcher();
  const read = withoutCodeDigits(normaliseForScreening(text));
  return found.hasMatch(read) || found.hasMatch(joinSpacedLetters(read));
}

const URL_SCHEME = /\bhttps?:\/\/\S/i;
const WWW = /\bwww\.\S/i;
/** Dots written out to dodge a link rule: `myfeet(.)com`, `myfeet [dot] com`. */
const SPELT_DOT = /\s*[([{]\s*(?:\.|dot)\s*[)\]}]\s*/giu;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`;
/**
 * A bare domain, for any top-level domain: labels joined by dots, ending in a top-level label of
 * two or more letters (or an `xn--` one) that no letter, digit, `_` or `-` follows.
 */
const BARE_DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.-])(?:${LABEL}\.)+(\p{L}{2,63}|xn--[a-z0-9-]{1,59})(?![\p{L}\p{N}_-])`,
  'giu',
);
/** The top-level domains spam uses most: a link however they are written. */
const COMMON_TLDS = new Set(
  'com net org io co uk de fr es it nl ru info biz me tv xyz app dev shop site online store link ly gg to cc us ca au in onlyfans top club live vip pro'.split(
    ' ',
  ),
);
/** Names of files, not places: `photo.jpg` is not a link. */
const FILE_EXTENSIONS = new Set('jpg jpeg png gif webp heic heif avif bmp tiff pdf txt'.split(' '));

/**
 * Whether a bare domain's last label reads as a link. A sentence without a space after its full
 * stop ("Nice.Feet") ends in a capitalised word, which a typed address rarely does, so such a
 * word is not a top-level domain unless it is one of the common ones (`MyFeet.Com` is a link).
 */
function isTopLevelDomain(label: string, anyTopLevelDomain: boolean): boolean {
  const lower = label.toLowerCase();
  if (COMMON_TLDS.has(lower)) return true;
  if (!anyTopLevelDomain || FILE_EXTENSIONS.has(lower)) return false;
  return !/^\p{Lu}\p{Ll}+$/u.test(label);
}

/**
 * Whether the text holds a link: an `http(s)://` address, a `www.` name or a bare domain, for any
 * top-level domain. `topLevelDomains: 'common'` reads only the common ones as such: for a
 * username, where dots join words (`sunny.soles`) and nothing is clickable.
 */
export function hasLink(text: string, topLevelDomains: 'any' | 'common' = 'any'): boolean {
  const read = normaliseForScreening(text).replace(SPELT_DOT, '.');
  if (URL_SCHEME.test(read) || WWW.test(read)) return true;
  for (const match of read.matchAll(BARE_DOMAIN)) {
    if (isTopLevelDomain(match[1], topLevelDomains === 'any')) return true;
  }
  return false;
}
