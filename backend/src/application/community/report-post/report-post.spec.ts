import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../../config/config';
import { OWN_POST_REPORT } from '../../../domain/report/report.decider';
import { ForbiddenError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { AutoHide } from '../auto-hide';
import { GonePost } from '../gone-post';
import { communityServices } from '../testing/community-use-cases';
import { ReportPostCommand } from './report-post.command';
import { ReportPostHandler } from './report-post.handler';

describe('report a post', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  const config = { reportAutoHide: 3, reportMinAccountAgeHours: 72 } as AppConfig;

  const reportPost = useCase((world) => {
    const { writes, reads } = communityServices(world);
    return new ReportPostHandler(
      writes,
      reads,
      new AutoHide(writes, world.readStore, config),
      new GonePost(writes, world.readStore),
    );
  }).given(`post-${postId}`, postPublished(postId, author));
  const reportBy = (userId: string) =>
    new ReportPostCommand(userId, postId, null, 'Not feet', 'c-1');

  it('records a member’s report of the post', () =>
    reportPost.when(reportBy(member)).then(`report-${postId}-${member}`, [
      {
        type: 'PostReported',
        data: expect.objectContaining({
          postId,
          userId: member,
          authorId: author,
          reason: 'Not feet',
        }),
      },
    ]));

  it('refuses the author’s report of their own post', async () => {
    const refused = reportPost.when(reportBy(author));
    await refused.thenThrows(ForbiddenError, OWN_POST_REPORT);
    expect((await refused.outcome()).appended).toEqual([]);
  });
});
