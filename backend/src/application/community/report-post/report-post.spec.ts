import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../../config/config';
import { OWN_POST_REPORT } from '../../../domain/report/report.decider';
import { ForbiddenError } from '../../../domain/shared/errors';
import { AutoHide } from '../auto-hide';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { communityWorld, postPublished } from '../../../../test/support/community-use-cases';
import { ReportPostCommand } from './report-post.command';
import { RemovedPostReports } from '../removed-post-reports';
import { ReportPostHandler } from './report-post.handler';

describe('report a post', () => {
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();
  let world: ReturnType<typeof communityWorld>;

  beforeEach(async () => {
    world = communityWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.given(author, { [`post-${postId}`]: [postPublished(postId, author)] });
  });

  const report = (userId: string) => {
    const config = { reportAutoHide: 3, reportMinAccountAgeHours: 72 } as AppConfig;
    const autoHide = new AutoHide(world.writes, world.readStore, config);
    const handler = new ReportPostHandler(
      world.writes,
      world.reads,
      autoHide,
      new RemovedPostReports(world.streamWrites, world.readStore),
    );
    return handler.execute(new ReportPostCommand(userId, postId, null, 'Not feet', 'c-1'));
  };

  it('records a member’s report of the post', async () => {
    await report(member);
    expect(await world.then(`report-${postId}-${member}`)).toEqual([
      {
        type: 'PostReported',
        data: expect.objectContaining({
          postId,
          userId: member,
          authorId: author,
          reason: 'Not feet',
        }),
      },
    ]);
  });

  it('refuses the author’s report of their own post', async () => {
    await expect(report(author)).rejects.toThrow(new ForbiddenError(OWN_POST_REPORT));
    expect(await world.then(`report-${postId}-${author}`)).toEqual([]);
  });
});
