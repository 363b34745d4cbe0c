import type { Actor } from '../../domain/shared/event';
import { projectionSpecification, recordedBy } from '../testing/projection-specification';
import { reportsProjection } from './reports.projection';

const ADMIN: Actor = { type: 'admin', id: 'a-1' };
const USER: Actor = { type: 'user', id: 'u-2' };
const recorded = (type: string, data: unknown, actor: Actor = ADMIN) =>
  recordedBy(type, data, actor);

const spec = projectionSpecification(reportsProjection);

describe('reports projection', () => {
  it('keeps reports pending until an admin reviews them', () => {
    const reported = spec.given(
      recorded(
        'PostReported',
        { reportId: 'r-1', postId: 'p-1', userId: 'u-2', authorId: 'u-1', reason: 'Face' },
        USER,
      ),
      recorded('ReportReviewed', {
        reportId: 'r-1',
        postId: 'p-1',
        status: 'dismissed',
        hidePost: false,
        note: null,
      }),
    );
    reported.of('r-1').thenMatches({
      status: 'dismissed',
      pending: 0,
      reviewedBy: 'a-1',
      reporterId: 'u-2',
      reason: 'Face',
    });
  });

  it('names no reviewer for a report the site settled when its post was deleted or removed', () => {
    spec
      .given(
        recorded(
          'PostReported',
          { reportId: 'r-1', postId: 'p-1', userId: 'u-2', authorId: 'u-1', reason: 'Face' },
          USER,
        ),
        recorded(
          'ReportReviewed',
          {
            reportId: 'r-1',
            postId: 'p-1',
            status: 'reviewed',
            hidePost: false,
            note: 'Post deleted by its author',
            postDeleted: true,
          },
          { type: 'system', id: 'post-deletion' },
        ),
      )
      .of('r-1')
      .thenMatches({ status: 'reviewed', reviewedBy: null, note: 'Post deleted by its author' });
  });

  it('keeps the category a report was made with, and reads a report made before categories as other', () => {
    const reported = spec.given(
      recorded(
        'PostReported',
        { reportId: 'r-1', postId: 'p-1', userId: 'u-2', authorId: 'u-1', reason: 'Old words' },
        USER,
      ),
      recorded(
        'PostReported',
        {
          ...{ reportId: 'r-2', postId: 'p-1', userId: 'u-3', authorId: 'u-1' },
          ...{ category: 'nudity', reason: '' },
        },
        USER,
      ),
      recorded(
        'PostReported',
        {
          ...{ reportId: 'r-3', postId: 'p-1', userId: 'u-4', authorId: 'u-1' },
          ...{ category: 'not-a-category', reason: 'Odd data' },
        },
        USER,
      ),
    );
    reported.of('r-1').thenMatches({ category: 'other', reason: 'Old words', status: 'pending' });
    reported.of('r-2').thenMatches({ category: 'nudity', reason: '' });
    reported.of('r-3').thenMatches({ category: 'other', reason: 'Odd data' });
  });

  it('forgets the reasons of the reports an erased account filed, and keeps the reports', () => {
    const report = (reportId: string, userId: string) =>
      recorded(
        'PostReported',
        { reportId, postId: 'p-1', userId, authorId: 'u-1', reason: `Reason of ${userId}` },
        { type: 'user', id: userId },
      );
    const reported = spec.given(
      report('r-1', 'u-2'),
      report('r-2', 'u-3'),
      report('r-3', 'u-2'),
      recorded(
        'AccountErased',
        { userId: 'u-2', tokenHashes: [], archivedWeeks: [], reports: ['r-1', 'r-3', 'r-2'] },
        USER,
      ),
      // An erasure recorded before reports were named in it changes nothing.
      recorded('AccountErased', { userId: 'u-3', tokenHashes: [], archivedWeeks: [] }, USER),
    );
    reported.of('r-1').thenMatches({ reporterId: 'u-2', reason: null, status: 'pending' });
    reported.of('r-3').thenMatches({ reporterId: 'u-2', reason: null });
    // A report of someone else named by mistake keeps its reason.
    reported.of('r-2').thenMatches({ reporterId: 'u-3', reason: 'Reason of u-3' });
  });
});
