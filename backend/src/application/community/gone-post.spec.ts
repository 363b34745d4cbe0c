import { randomUUID } from 'node:crypto';
import { imageOf, postPublished } from '../../../test/support/community-use-cases';
import { useCase } from '../../../test/support/use-case-specification';
import { report } from '../moderation/testing/admin-events';
import { DELETION_NOTE, GonePost } from './gone-post';
import { communityServices } from './testing/community-use-cases';

/** A report that crossed its post's going: the report's own request settles it afterwards. */
describe('a report that arrives as its post goes', () => {
  const author = randomUUID();
  const reporter = randomUUID();
  const postId = randomUUID();
  const [reportStream, ...reported] = report('r-1', postId, author, reporter);
  const afterReport = useCase((world) => {
    const reports = new GonePost(communityServices(world).writes, world.readStore);
    return { execute: (id: string) => reports.afterReport(id, 'c-1') };
  });

  it('given the post deleted, then the report is closed with the deletion’s note', () =>
    afterReport
      .given(`post-${postId}`, postPublished(postId, author), {
        type: 'PostDeleted',
        data: { postId, authorId: author, contentHash: imageOf(postId).contentHash },
      })
      .given(reportStream, ...reported)
      .when(postId)
      .then(reportStream, [
        {
          type: 'ReportReviewed',
          data: expect.objectContaining({
            reportId: 'r-1',
            status: 'reviewed',
            note: DELETION_NOTE,
            postDeleted: true,
          }),
          metadata: { actor: { type: 'system', id: 'post-deletion' } },
        },
      ]));

  it('given the post removed, then the report is settled with the removal’s note', () =>
    afterReport
      .given(`post-${postId}`, postPublished(postId, author), {
        type: 'PostRemoved',
        data: { postId, authorId: author, reason: 'Not a foot' },
      })
      .given(reportStream, ...reported)
      .when(postId)
      .then(reportStream, [
        {
          type: 'ReportReviewed',
          data: expect.objectContaining({ status: 'reviewed', note: 'Post removed: Not a foot' }),
          metadata: { actor: { type: 'system', id: 'post-removal' } },
        },
      ]));

  it('given the post still shown, then the report stays pending', async () => {
    const shown = afterReport
      .given(`post-${postId}`, postPublished(postId, author))
      .given(reportStream, ...reported)
      .when(postId);
    await shown.thenAnswers(false);
    expect((await shown.outcome()).appended).toEqual([]);
  });
});
