import { postStreamId } from '../../../domain/post/post.decider';
import { reportDecider, reportStreamId } from '../../../domain/report/report.decider';
import { ConflictError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { POSTS } from '../../../projections/posts/posts.projection';
import { REPORTS } from '../../../projections/reports/reports.projection';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { ReviewReportCommand } from './review-report.command';
import { ReviewReportHandler } from './review-report.handler';

describe('reviewing a report', () => {
  let world: AdminWorld;
  let handler: ReviewReportHandler;
  const [post, author, reporter, report] = [id(1), id(2), id(3), id(4)];

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new ReviewReportHandler(world.writes, world.streamWrites);
    await world.publishedPost(post, author);
    await world.given(reportDecider, reportStreamId(post, reporter), {
      type: 'ReportPost',
      data: {
        ...{ reportId: report, postId: post, userId: reporter, authorId: author },
        ...{ category: 'spam', reason: '' },
      },
    });
    await world.documents(REPORTS, { _id: report, postId: post, reporterId: reporter });
    await world.documents(POSTS, { _id: post, removed: false });
  });

  it('records the verdict and hides the post in the same step', async () => {
    await handler.execute(new ReviewReportCommand(ADMIN, report, 'reviewed', true, null));
    const [verdict] = (await world.stream(reportStreamId(post, reporter))).slice(-1);
    expect(verdict.type).toBe('ReportReviewed');
    const [hidden] = (await world.stream(postStreamId(post))).slice(-1);
    expect(hidden).toEqual({
      type: 'PostVisibilityChanged',
      data: { postId: post, authorId: author, isPublic: false, reason: 'Reported' },
    });
  });

  it('settles a dismissed report in the post’s tally, overruling its reporter there', async () => {
    await handler.execute(new ReviewReportCommand(ADMIN, report, 'dismissed', false, null));
    expect((await world.stream(postStreamId(post))).slice(-1)).toEqual([
      {
        type: 'PostReportSettled',
        data: { postId: post, reportId: report, reporterId: reporter, status: 'dismissed' },
      },
    ]);
  });

  it('refuses a report already reviewed', async () => {
    await handler.execute(new ReviewReportCommand(ADMIN, report, 'dismissed', false, null));
    await expect(
      handler.execute(new ReviewReportCommand(ADMIN, report, 'reviewed', false, null)),
    ).rejects.toThrow(ConflictError);
  });
});
