/**
 * Whether a report counts towards hiding a post on its own (the auto-hide), and why not. Every
 * report reaches the moderators; only accounts in good standing can hide a post before a moderator
 * looked: verified, old enough, not in an uncleared burst of sign-ups, with no report dismissed
 * lately. An account a moderator overruled on a post never hides that post again.
 */
export type ReportHoldReason =
  'unverified' | 'young-account' | 'cluster' | 'recently-dismissed' | 'overruled';

/** How long a dismissed report keeps its author's reports from hiding anything. */
export const DISMISSAL_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What is known of the reporting account when it reports: from the read models, recorded with
 * the decision so that it replays the same. Null fields are unknown and count against it.
 */
export interface Reporter {
  emailVerified: boolean;
  registeredAt: string | null;
  /** In a burst of sign-ups from one network that no admin cleared (the vote rules' clusters). */
  clusterHeld: boolean;
  /** When a moderator last dismissed one of its reports, of any post. */
  lastDismissedAt: string | null;
}

/**
 * The account-level reasons a new report does not count (none: it counts). `minAgeMs` is how old
 * an account must be (`REPORT_MIN_ACCOUNT_AGE_HOURS`).
 */
export function reporterStanding(
  reporter: Reporter | null,
  now: Date,
  minAgeMs: number,
): ReportHoldReason[] {
  if (!reporter) return ['unverified', 'young-account'];
  const heldOut: ReportHoldReason[] = [];
  if (!reporter.emailVerified) heldOut.push('unverified');
  const registered = timeOf(reporter.registeredAt);
  if (registered === null || registered + minAgeMs > now.getTime()) heldOut.push('young-account');
  if (reporter.clusterHeld) heldOut.push('cluster');
  const dismissed = timeOf(reporter.lastDismissedAt);
  if (dismissed !== null && dismissed + DISMISSAL_MEMORY_MS > now.getTime()) {
    heldOut.push('recently-dismissed');
  }
  return heldOut;
}

function timeOf(iso: string | null): number | null {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(time) ? time : null;
}
