import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  ALREADY_REPORTED,
  OWN_POST_REPORT,
  REPORT_REASON_REQUIRED,
  REPORT_REASON_TOO_LONG,
  reportDecider,
  type ReportEvent,
  type PostReported,
  type ReportCommand,
  type ReportPost,
  REPORT_ALREADY_REVIEWED,
  REPORT_CATEGORY_INVALID,
  type ReportCategory,
  REPORT_NOT_FOUND,
  type ReviewReport,
  reportStreamId,
} from './report.decider';

const report = (
  reason: string,
  reportId = 'rep-1',
  userId = 'u-2',
  category: ReportCategory | null = null,
): ReportPost => ({
  type: 'ReportPost',
  data: { reportId, postId: 'p-1', userId, authorId: 'u-1', category, reason },
});
const reported: ReportEvent = {
  type: 'PostReported',
  data: {
    reportId: 'rep-1',
    postId: 'p-1',
    userId: 'u-2',
    authorId: 'u-1',
    category: 'other',
    reason: 'Shows a face',
  },
};

const spec = deciderSpecification(reportDecider);

// Reviews are decided on a whole report's history, built by deciding each step.
const when = (history: ReportEvent[], command: ReportCommand) =>
  spec.given(history).when(command).events();
const reportedNow = () => when([], report('Shows a face'));

describe('report decider', () => {
  it('reports a post with the reason trimmed, as of the other category when none is chosen', () => {
    spec.given().when(report('  Shows a face \n')).then([reported]);
  });

  it('reports a post with a category alone: the words are optional then', () => {
    const [event] = spec
      .given()
      .when(report('  ', 'rep-1', 'u-2', 'face_or_person'))
      .events() as PostReported[];
    expect(event.data).toMatchObject({ category: 'face_or_person', reason: '' });
  });

  it('keeps the reporter’s words beside the category', () => {
    const [event] = spec
      .given()
      .when(report(' Under 18 ', 'rep-1', 'u-2', 'minor'))
      .events() as PostReported[];
    expect(event.data).toMatchObject({ category: 'minor', reason: 'Under 18' });
  });

  it.each(['feet', 'Spam', '', 'other ' as string])(
    'refuses a category not in the list %p',
    (category) => {
      spec
        .given()
        .when(report('Spam', 'rep-1', 'u-2', category as ReportCategory))
        .thenThrows(ValidationError, REPORT_CATEGORY_INVALID);
    },
  );

  it.each(['', '    ', '\n\t'])('refuses a report without a reason %p', (reason) => {
    spec.given().when(report(reason)).thenThrows(ValidationError, REPORT_REASON_REQUIRED);
  });

  it('keeps a reason of exactly 500 characters after trimming and refuses 501', () => {
    const [event] = spec
      .given()
      .when(report(`  ${'r'.repeat(500)}  `))
      .events() as PostReported[];
    expect(event.data.reason).toBe('r'.repeat(500));
    spec
      .given()
      .when(report('r'.repeat(501)))
      .thenThrows(ValidationError, REPORT_REASON_TOO_LONG);
  });

  it('counts an emoji as one character of the 500', () => {
    const feet = '🦶'.repeat(500);
    expect((spec.given().when(report(feet)).events()[0] as PostReported).data.reason).toBe(feet);
    spec
      .given()
      .when(report(`${feet}🦶`))
      .thenThrows(ValidationError, REPORT_REASON_TOO_LONG);
  });

  it('refuses a report of one’s own post', () => {
    spec
      .given()
      .when(report('Spam', 'rep-1', 'u-1'))
      .thenThrows(ForbiddenError, OWN_POST_REPORT);
  });

  it('refuses a second report while the first is pending', () => {
    spec
      .given(reported)
      .when(report('Still a face', 'rep-2'))
      .thenThrows(ConflictError, ALREADY_REPORTED);
  });

  it('records nothing when the pending report is sent again (a retried request)', () => {
    spec.given(reported).when(report('Shows a face', 'rep-1')).thenNothing();
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
      expect(when(reportedNow(), review(status, status === 'reviewed'))).toEqual([
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
      const history = [...reportedNow(), ...when(reportedNow(), review('dismissed'))];
      expect(() => when(history, review('reviewed'))).toThrow(ConflictError);
      expect(() => when(history, review('reviewed'))).toThrow(REPORT_ALREADY_REVIEWED);
    });

    it('knows no report that was never made', () => {
      expect(() => when([], review('reviewed'))).toThrow(NotFoundError);
      expect(() => when(reportedNow(), review('reviewed', false, 'rep-9'))).toThrow(
        REPORT_NOT_FOUND,
      );
    });

    it('refuses a status other than reviewed or dismissed', () => {
      const bad = { type: 'ReviewReport', data: { reportId: 'rep-1', status: 'pending' } };
      expect(() => when(reportedNow(), bad as unknown as ReviewReport)).toThrow(ValidationError);
    });

    it('lets the account report the post again once its report was reviewed', () => {
      const history = [...reportedNow(), ...when(reportedNow(), review('dismissed'))];
      expect(when(history, report('Another face', 'rep-2'))).toHaveLength(1);
    });
  });
});
