import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  ALREADY_REPORTED,
  OWN_POST_REPORT,
  REPORT_REASON_REQUIRED,
  REPORT_REASON_TOO_LONG,
  reportDecider,
  type ReportEvent,
  type ReportPost,
  reportStreamId,
} from './report.decider';

const report = (reason: string, reportId = 'rep-1', userId = 'u-2'): ReportPost => ({
  type: 'ReportPost',
  data: { reportId, postId: 'p-1', userId, authorId: 'u-1', reason },
});
const reported: ReportEvent = {
  type: 'PostReported',
  data: {
    reportId: 'rep-1',
    postId: 'p-1',
    userId: 'u-2',
    authorId: 'u-1',
    reason: 'Shows a face',
  },
};

const spec = deciderSpecification(reportDecider);

describe('report decider', () => {
  it('reports a post with the reason trimmed', () => {
    spec.given().when(report('  Shows a face \n')).then([reported]);
  });

  it.each(['', '    ', '\n\t'])('refuses a report without a reason %p', (reason) => {
    spec.given().when(report(reason)).thenThrows(ValidationError, REPORT_REASON_REQUIRED);
  });

  it('keeps a reason of exactly 500 characters after trimming and refuses 501', () => {
    const [event] = spec
      .given()
      .when(report(`  ${'r'.repeat(500)}  `))
      .events();
    expect(event.data.reason).toBe('r'.repeat(500));
    spec
      .given()
      .when(report('r'.repeat(501)))
      .thenThrows(ValidationError, REPORT_REASON_TOO_LONG);
  });

  it('counts an emoji as one character of the 500', () => {
    const feet = '🦶'.repeat(500);
    expect(spec.given().when(report(feet)).events()[0].data.reason).toBe(feet);
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
});
