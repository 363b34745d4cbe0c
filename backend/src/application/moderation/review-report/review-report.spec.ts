import { useCase } from '../../../../test/support/use-case-specification';
import { postStreamId } from '../../../domain/post/post.decider';
import { reportStreamId } from '../../../domain/report/report.decider';
import { ConflictError } from '../../../domain/shared/errors';
import { post, report } from '../testing/admin-events';
import {
  ADMIN,
  adminServices,
  appendedTo,
  givenHistory,
  id,
  NOW,
} from '../testing/admin-use-cases';
import { ReviewReportCommand } from './review-report.command';
import { ReviewReportHandler } from './review-report.handler';

describe('reviewing a report', () => {
  const reviewReport = useCase(
    (world) => {
      const { writes, streams } = adminServices(world);
      return new ReviewReportHandler(writes, streams);
    },
    { now: NOW },
  );
  const [postId, author, reporter, reportId] = [id(1), id(2), id(3), id(4)];
  const reported = [post(postId, author), report(reportId, postId, author, reporter)];

  it('given a pending report, when reviewed with the post hidden, then the verdict and the hiding are recorded in the same step', async () => {
    const outcome = await givenHistory(reviewReport, reported)
      .when(new ReviewReportCommand(ADMIN, reportId, 'reviewed', true, null))
      .outcome();
    const [verdict] = appendedTo(outcome, reportStreamId(postId, reporter)).slice(-1);
    expect(verdict.type).toBe('ReportReviewed');
    const [hidden] = appendedTo(outcome, postStreamId(postId)).slice(-1);
    expect(hidden).toEqual({
      type: 'PostVisibilityChanged',
      data: { postId, authorId: author, isPublic: false, reason: 'Reported' },
    });
  });

  it('given a pending report, when dismissed, then it is settled in the post’s tally, overruling its reporter there', async () => {
    const outcome = await givenHistory(reviewReport, reported)
      .when(new ReviewReportCommand(ADMIN, reportId, 'dismissed', false, null))
      .outcome();
    expect(appendedTo(outcome, postStreamId(postId)).slice(-1)).toEqual([
      {
        type: 'PostReportSettled',
        data: { postId, reportId, reporterId: reporter, status: 'dismissed' },
      },
    ]);
  });

  it('given a report already reviewed, when reviewed again, then it is refused', () =>
    givenHistory(reviewReport, [
      post(postId, author),
      report(reportId, postId, author, reporter, {
        type: 'ReportReviewed',
        data: {
          ...{ reportId, postId, userId: reporter, authorId: author },
          ...{ status: 'dismissed', hidePost: false, note: null },
        },
      }),
    ])
      .when(new ReviewReportCommand(ADMIN, reportId, 'reviewed', false, null))
      .thenThrows(ConflictError));
});
