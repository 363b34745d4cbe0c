import type { ReportHoldReason } from '../report/report-standing';

/**
 * The reports of one post as its auto-hide counts them, kept on the post's own stream so that
 * the count, the moderators' decisions that overrule reporters and the hiding itself are one
 * decision on one stream, whichever instance took each report or verdict.
 */
export interface ReportTally {
  /** Reporters with a report waiting for a moderator, and whether it counts. */
  pending: Record<string, { reportId: string; counts: boolean }>;
  /**
   * Reporters whose reports of this post never count again: a moderator dismissed one of them,
   * or let the post be seen (approved or showed it) while their report was waiting.
   */
  overruled: string[];
}

export const EMPTY_TALLY: ReportTally = { pending: {}, overruled: [] };

/** The reporters whose waiting reports count now, in the order they reported. */
export function countedReporters(tally: ReportTally): string[] {
  return Object.entries(tally.pending)
    .filter(([reporterId, report]) => report.counts && !tally.overruled.includes(reporterId))
    .map(([reporterId]) => reporterId);
}

export function withTallied(
  tally: ReportTally,
  reporterId: string,
  reportId: string,
  heldOut: readonly ReportHoldReason[] | undefined,
): ReportTally {
  const counts = Array.isArray(heldOut) && heldOut.length === 0;
  return { ...tally, pending: { ...tally.pending, [reporterId]: { reportId, counts } } };
}

/** A moderator's verdict on one report: it waits no more; a dismissal overrules its reporter. */
export function withSettled(
  tally: ReportTally,
  reporterId: string,
  reportId: string,
  dismissed: boolean,
): ReportTally {
  const pending = { ...tally.pending };
  if (pending[reporterId]?.reportId === reportId) delete pending[reporterId];
  return {
    pending,
    overruled: dismissed ? overrule(tally.overruled, [reporterId]) : tally.overruled,
  };
}

/** A moderator let the post be seen: every report waiting now is overruled on this post. */
export function withAllOverruled(tally: ReportTally): ReportTally {
  return { ...tally, overruled: overrule(tally.overruled, Object.keys(tally.pending)) };
}

function overrule(overruled: string[], reporterIds: string[]): string[] {
  const added = reporterIds.filter((id) => !overruled.includes(id));
  return added.length === 0 ? overruled : [...overruled, ...added];
}
