/**
 * Whether a vote (a rating or a like) counts towards a post's figures, and why not. A vote tied to
 * the post's author (an account registered from, or a vote cast from, the author's networks or
 * browsers) never counts; a rating from a burst of sign-ups counts once an admin clears the burst,
 * and one from an account younger than a day once it is a day old. The vote is always recorded,
 * with its hold reasons, so the decision can be replayed and audited.
 */
export type HoldReason = 'same-network' | 'same-browser' | 'cluster' | 'young-account';

/** Reasons that never lapse: such a vote is recorded and never counted. */
export const LASTING_REASONS: readonly HoldReason[] = ['same-network', 'same-browser'];

export const YOUNG_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * When a held rating will count, if only its account's age holds it (a rating held for any other
 * reason may never count, or only once an admin acts: its moment is not told); null otherwise.
 */
export function waitsOnlyForAge(heldOut: readonly HoldReason[], countsFrom: string | null) {
  return heldOut.length > 0 && heldOut.every((reason) => reason === 'young-account')
    ? countsFrom
    : null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * What a young account is told when its rating is held: why, and the moment it counts (in UTC;
 * the web client shows `countsFrom` in the viewer's own time zone instead).
 */
export function countsFromMessage(countsFrom: string, waitHours: number): string {
  const at = new Date(countsFrom);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${WEEKDAYS[at.getUTCDay()]} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}`;
  const time = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
  return `New accounts' votes count after ${waitHours} hours, to keep the boards fair: yours counts from ${day}, ${time}`;
}

/**
 * What is known of an account for these rules: keyed marks of the networks (an IPv4 /24, an IPv6
 * /56 by default) and browsers it registered and signed in from, when it registered, and whether it belongs
 * to a burst of sign-ups an admin has not cleared. Null fields are unknown (accounts older than
 * the marks); an unknown mark matches nothing.
 */
export interface Voter {
  registeredAt: string | null;
  registrationNetwork: string | null;
  networks: readonly string[];
  browsers: readonly string[];
  clusterHeld: boolean;
}

/**
 * Where the vote itself comes from, at the moment it is cast: keyed marks of its network and of
 * the browser's cookie (null when unknown: the machine itself, a browser without the cookie).
 */
export interface VoteOrigin {
  network: string | null;
  browser: string | null;
}

/** The standing of a new rating: why it is held out (none: it counts), when a young one counts. */
export interface VoteStanding {
  heldOut: HoldReason[];
  countsFrom: string | null;
}

/**
 * What ties a vote to the post's author (likes are held out for these alone): the voter
 * registered from a network the author registered, signed in or posted from, or the vote itself
 * comes from one (`from`); the voter shares a browser with the author, or votes from one of the
 * author's browsers.
 */
export function tiesToAuthor(
  voter: Voter | null,
  author: Voter | null,
  from: VoteOrigin | null = null,
): HoldReason[] {
  const ties: HoldReason[] = [];
  if (!author) return ties;
  const networks = [voter?.registrationNetwork ?? null, from?.network ?? null];
  if (networks.some((network) => network !== null && author.networks.includes(network))) {
    ties.push('same-network');
  }
  const browsers = [...(voter?.browsers ?? []), ...(from?.browser ? [from.browser] : [])];
  if (browsers.some((browser) => author.browsers.includes(browser))) ties.push('same-browser');
  return ties;
}

/** `waitMs`: how old an account must be for its ratings to count (a day unless configured). */
export function voteStanding(
  voter: Voter | null,
  author: Voter | null,
  now: Date,
  waitMs = YOUNG_ACCOUNT_MS,
  from: VoteOrigin | null = null,
): VoteStanding {
  const heldOut = tiesToAuthor(voter, author, from);
  if (voter?.clusterHeld) heldOut.push('cluster');
  const countsFrom = oldEnough(voter, waitMs);
  if (countsFrom !== null && countsFrom > now.toISOString()) {
    heldOut.push('young-account');
    return { heldOut, countsFrom };
  }
  return { heldOut, countsFrom: null };
}

/**
 * When a rating the account gave now would come to count, told before it votes: the moment its
 * account is old enough, or null when that has passed (a rating would count at once, unless held
 * for a reason not told).
 */
export function newRatingCountsFrom(
  registeredAt: string,
  waitMs: number,
  now: Date,
): string | null {
  const countsFrom = oldEnough({ registeredAt } as Voter, waitMs);
  return countsFrom !== null && countsFrom > now.toISOString() ? countsFrom : null;
}

/** When the account is old enough (null when its registration time is unknown or unreadable). */
function oldEnough(voter: Voter | null, waitMs: number): string | null {
  const registered = voter?.registeredAt ? Date.parse(voter.registeredAt) : Number.NaN;
  return Number.isFinite(registered) ? new Date(registered + waitMs).toISOString() : null;
}

/** Whether a held-out rating counts now: nothing lasting, no uncleared burst, a day old. */
export function countsNow(standing: VoteStanding, voterClusterHeld: boolean, now: Date): boolean {
  if (standing.heldOut.some((reason) => LASTING_REASONS.includes(reason))) return false;
  if (voterClusterHeld) return false;
  return standing.countsFrom === null || standing.countsFrom <= now.toISOString();
}
