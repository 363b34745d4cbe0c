import { fold } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import {
  ALREADY_REPORTED,
  OWN_POST_REPORT,
  REPORT_REASON_REQUIRED,
  REPORT_REASON_TOO_LONG,
  reportDecider as decider,
  type ReportEvent,
  type PostReported,
  type ReportCommand,
  type ReportPost,
  REPORT_ALREADY_REVIEWED,
  REPORT_NOT_FOUND,
  type ReviewReport,
  reportStreamId,
} from './report.decider';

const report = (reason: string, reportId = 'rep-1', userId = 'u-2'): ReportPost => ({
  type: 'ReportPost',
  data: { reportId, postId: 'p-1', userId, authorId: 'u-1', reason },
});

const given = (...events: ReportEvent[]) => fold(decider, events);
const when = (history: ReportEvent[], command: ReportCommand) =>
  decider.decide(command, given(...history));

const reported = () => when([], report('Shows a face'));

describe('report decider', () => {
  it('reports a post with the reason trimmed', () => {
    expect(when([], report('  Shows a face \n'))).toEqual([
      {
        type: 'PostReported',
        data: {
          reportId: 'rep-1',
          postId: 'p-1',
          userId: 'u-2',
          authorId: 'u-1',
          reason: 'Shows a face',
        },
      },
    ]);
  });

  it.each(['', '    ', '\n\t'])('refuses a report without a reason %p', (reason) => {
    expect(() => when([], report(reason))).toThrow(ValidationError);
    expect(() => when([], report(reason))).toThrow(REPORT_REASON_REQUIRED);
  });

  it('keeps a reason of exactly 500 characters after trimming and refuses 501', () => {
    const [event] = when([], report(`  ${'r'.repeat(500)}  `)) as PostReported[];
    expect(event.data.reason).toBe('r'.repeat(500));
    expect(() => when([], report('r'.repeat(501)))).toThrow(ValidationError);
    expect(() => when([], report('r'.repeat(501)))).toThrow(REPORT_REASON_TOO_LONG);
  });

  it('counts an emoji as one character of the 500', () => {
    const feet = '🦶'.repeat(500);
    expect((when([], report(feet))[0] as PostReported).data.reason).toBe(feet);
    expect(() => when([], report(`${feet}🦶`))).toThrow(REPORT_REASON_TOO_LONG);
  });

  it('refuses a report of one’s own post', () => {
    expect(() => when([], report('Spam', 'rep-1', 'u-1'))).toThrow(ForbiddenError);
    expect(() => when([], report('Spam', 'rep-1', 'u-1'))).toThrow(OWN_POST_REPORT);
  });

  it('refuses a second report while the first is pending', () => {
    expect(() => when(reported(), report('Still a face', 'rep-2'))).toThrow(ConflictError);
    expect(() => when(reported(), report('Still a face', 'rep-2'))).toThrow(ALREADY_REPORTED);
  });

  it('records nothing when the pending report is sent again (a retried request)', () => {
    expect(when(reported(), report('Shows a face', 'rep-1'))).toEqual([]);
  });

  it('keeps one stream per reporter and post', () => {
    expect(reportStreamId('p-1', 'u-2')).toBe('report-p-1-u-2');
  });

  describe('review by an admin', () => {
    const review = (
      status: ReviewReport['data']['status'],
      hidePost = false,
      reportId = 'rep-1',
    ): ReviewReport => ({ type: 'ReviewReport', data: { reportId, status, hidePost } });

    it.each(['reviewed', 'dismissed'] as const)('marks a pending report %s', (status) => {
      expect(when(reported(), review(status, status === 'reviewed'))).toEqual([
        {
          type: 'ReportReviewed',
          data: {
            reportId: 'rep-1',
            postId: 'p-1',
            userId: 'u-2',
            authorId: 'u-1',
            status,
            hidePost: status === 'reviewed',
            note: null,
          },
        },
      ]);
    });

    it('refuses a second verdict on the same report with a conflict', () => {
      const history = [...reported(), ...when(reported(), review('dismissed'))];
      expect(() => when(history, review('reviewed'))).toThrow(ConflictError);
      expect(() => when(history, review('reviewed'))).toThrow(REPORT_ALREADY_REVIEWED);
    });

    it('knows no report that was never made', () => {
      expect(() => when([], review('reviewed'))).toThrow(NotFoundError);
      expect(() => when(reported(), review('reviewed', false, 'rep-9'))).toThrow(REPORT_NOT_FOUND);
    });

    it('refuses a status other than reviewed or dismissed', () => {
      const bad = { type: 'ReviewReport', data: { reportId: 'rep-1', status: 'pending' } };
      expect(() => when(reported(), bad as unknown as ReviewReport)).toThrow(ValidationError);
    });

    it('lets the account report the post again once its report was reviewed', () => {
      const history = [...reported(), ...when(reported(), review('dismissed'))];
      expect(when(history, report('Another face', 'rep-2'))).toHaveLength(1);
    });
  });
});
