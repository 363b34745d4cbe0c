import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import type { Reporter } from '../report/report-standing';
import type { ReportReviewStatus } from '../report/report.decider';
import {
  APPROVAL_ENDED_AUTO_HIDE,
  AUTO_HIDE_ENDED,
  postDecider,
  type PostCommand,
} from './post.decider';
import type { PostEvent } from './post.events';

const NOW = '2026-11-18T12:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;
const MIN_AGE_MS = 3 * DAY_MS;

const spec = deciderSpecification(postDecider);
const when = (history: PostEvent[], command: PostCommand) =>
  spec.given(history).when(command).events();

const published: PostEvent = {
  type: 'PostPublished',
  data: {
    postId: 'p-1',
    authorId: 'u-1',
    image: { imageUrl: '/i.webp', thumbnailUrl: '/t.webp', imageHash: '0f', contentHash: 'ab' },
    ai: null,
    similarTo: [],
  },
};

/** A verified account of `days` days, never in a burst, none of whose reports was dismissed. */
const standing = (patch: Partial<Reporter> = {}, days = 4): Reporter => ({
  emailVerified: true,
  registeredAt: new Date(Date.parse(NOW) - days * DAY_MS).toISOString(),
  clusterHeld: false,
  lastDismissedAt: null,
  ...patch,
});

const tally = (
  reporterId: string,
  reporter: Reporter | null = standing(),
  reportId = `rep-${reporterId}-x`,
): PostCommand => ({
  type: 'TallyReport',
  data: {
    postId: 'p-1',
    reportId,
    reporterId,
    reporter,
    minAccountAgeMs: MIN_AGE_MS,
    threshold: 3,
  },
  metadata: metadataAt(NOW),
});

const settle = (
  reporterId: string,
  status: ReportReviewStatus,
  endAutoHide = true,
  reportId = `rep-${reporterId}-x`,
): PostCommand => ({
  type: 'SettleReport',
  data: { postId: 'p-1', reportId, reporterId, status, endAutoHide },
});

/** The history after each command was decided on the one before. */
function history(...commands: PostCommand[]): PostEvent[] {
  return after([published], ...commands);
}
function after(start: PostEvent[], ...commands: PostCommand[]): PostEvent[] {
  return commands.reduce<PostEvent[]>(
    (events, command) => [...events, ...when(events, command)],
    start,
  );
}
/** The same account reports the post again (a new report). */
const again = (reporterId: string) => tally(reporterId, standing(), `rep-${reporterId}-again`);

const hiddenBy = (events: PostEvent[]) => events.filter((e) => e.type === 'PostAutoHidden');

describe('the auto-hide, decided on the post’s stream', () => {
  it('counts a report from an account in good standing and hides nothing below the threshold', () => {
    spec
      .given(published)
      .when(tally('u-2'))
      .then([
        {
          type: 'PostReportTallied',
          data: {
            postId: 'p-1',
            reportId: 'rep-u-2-x',
            reporterId: 'u-2',
            counts: true,
            heldOut: [],
          },
        },
      ]);
  });

  it('hides the post at the threshold of counting reports, once, naming the reporters', () => {
    const two = history(tally('u-2'), tally('u-3'));
    const third = when(two, tally('u-4'));
    expect(third[1]).toEqual({
      type: 'PostAutoHidden',
      data: {
        postId: 'p-1',
        authorId: 'u-1',
        reporterCount: 3,
        reporterIds: ['u-2', 'u-3', 'u-4'],
      },
    });
    expect(hiddenBy(when([...two, ...third], tally('u-5')))).toEqual([]);
  });

  it('records a report that does not count, with why, and never hides for it', () => {
    const young = standing({}, 1);
    const events = history(
      tally('u-2'),
      tally('u-3'),
      tally('u-4', young),
      tally('u-5', standing({ emailVerified: false })),
      tally('u-6', standing({ clusterHeld: true })),
      tally('u-7', null),
    );
    expect(hiddenBy(events)).toEqual([]);
    const reasons = events.flatMap((e) => (e.type === 'PostReportTallied' ? [e.data.heldOut] : []));
    expect(reasons).toEqual([
      [],
      [],
      ['young-account'],
      ['unverified'],
      ['cluster'],
      ['unverified', 'young-account'],
    ]);
  });

  it('does not tally the same report twice', () => {
    const once = history(tally('u-2'));
    spec.given(once).when(tally('u-2')).thenNothing();
  });

  it('does not let a reporter whose report was dismissed hide the post again', () => {
    const hidden = history(tally('u-2'), tally('u-3'), tally('u-4'));
    const dismissed = when(hidden, settle('u-2', 'dismissed'));
    expect(dismissed).toEqual([
      {
        type: 'PostReportSettled',
        data: { postId: 'p-1', reportId: 'rep-u-2-x', reporterId: 'u-2', status: 'dismissed' },
      },
      {
        type: 'PostVisibilityChanged',
        data: { postId: 'p-1', authorId: 'u-1', isPublic: true, reason: AUTO_HIDE_ENDED },
      },
    ]);
    // The three report again: none of them counts, so nothing hides the post.
    const shown = [...hidden, ...dismissed];
    const reportedAgain = after(shown, again('u-2'), again('u-3'), again('u-4')).slice(
      shown.length,
    );
    expect(reportedAgain.map((e) => e.type)).toEqual([
      'PostReportTallied',
      'PostReportTallied',
      'PostReportTallied',
    ]);
    expect(reportedAgain[0]).toMatchObject({ data: { counts: false, heldOut: ['overruled'] } });
  });

  it('does not let the reporters waiting when an admin approved the post hide it again', () => {
    const waiting = history(tally('u-2'), tally('u-3'));
    const approved = after(waiting, { type: 'ApprovePost', data: { postId: 'p-1' } });
    expect(hiddenBy(after(approved, tally('u-4'), again('u-2'), again('u-3')))).toEqual([]);
    // Newcomers in good standing still count: three of them hide it.
    expect(hiddenBy(after(approved, tally('u-4'), tally('u-5'), tally('u-6')))).toHaveLength(1);
  });

  it('shows an auto-hidden post an admin approves', () => {
    const hidden = history(tally('u-2'), tally('u-3'), tally('u-4'));
    expect(when(hidden, { type: 'ApprovePost', data: { postId: 'p-1' } })).toEqual([
      { type: 'PostApproved', data: { postId: 'p-1', authorId: 'u-1' } },
      {
        type: 'PostVisibilityChanged',
        data: { postId: 'p-1', authorId: 'u-1', isPublic: true, reason: APPROVAL_ENDED_AUTO_HIDE },
      },
    ]);
  });

  it('overrules the reporters waiting when an admin shows the post again', () => {
    const hidden = history(tally('u-2'), tally('u-3'), tally('u-4'));
    const shown = [
      ...hidden,
      ...when(hidden, { type: 'SetPostVisibility', data: { postId: 'p-1', isPublic: true } }),
    ];
    expect(spec.given(shown).state()).toMatchObject({
      autoHidden: false,
      reports: { overruled: ['u-2', 'u-3', 'u-4'] },
    });
  });

  it('keeps counting a reporter whose report was upheld', () => {
    const upheld = history(tally('u-2'), settle('u-2', 'reviewed', false));
    expect(spec.given(upheld).state()).toMatchObject({ reports: { pending: {}, overruled: [] } });
    const [event] = when(upheld, again('u-2'));
    expect(event).toMatchObject({ type: 'PostReportTallied', data: { counts: true } });
  });

  it('never shows a post an admin hid when a report is settled', () => {
    const adminHidden = history(tally('u-2'), {
      type: 'SetPostVisibility',
      data: { postId: 'p-1', isPublic: false },
    });
    expect(when(adminHidden, settle('u-2', 'dismissed')).map((e) => e.type)).toEqual([
      'PostReportSettled',
    ]);
  });

  it('hides neither a held post nor a removed one', () => {
    const held: PostEvent = {
      ...published,
      data: {
        ...(published.data as object),
        heldForReview: { reason: 'approval_required', gate: null },
      },
    } as PostEvent;
    expect(hiddenBy(after([held], tally('u-2'), tally('u-3'), tally('u-4')))).toEqual([]);
    const removed = [
      published,
      ...when([published], { type: 'RemovePost', data: { postId: 'p-1', reason: 'Not feet' } }),
    ];
    spec.given(removed).when(tally('u-2')).thenNothing();
    spec.given(removed).when(settle('u-2', 'dismissed')).thenNothing();
  });

  it('folds an auto-hide recorded before reporters were named', () => {
    const old: PostEvent = {
      type: 'PostAutoHidden',
      data: { postId: 'p-1', authorId: 'u-1', reporterCount: 3 },
    };
    expect(spec.given(published, old).state()).toMatchObject({ autoHidden: true });
  });
});
