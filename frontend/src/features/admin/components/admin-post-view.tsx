import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Eye } from 'lucide-react';

import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/plural';

import { adminPostQueryOptions, adminPostReportsQueryOptions } from '../api/admin-reads';
import type { AdminReport } from '../types';
import { formatTime } from './admin-table';
import { usePostModeration } from './post-moderation';
import { ReportReason } from './report-reason';

/**
 * Spec §2: a post inside the admin layout with its full photo and the moderation actions of the
 * posts queue (Approve, Hide or Show, Remove with a reason); no rating form, and a way back.
 */
export function AdminPostView({ id }: { id: string }) {
  const query = useQuery(adminPostQueryOptions(id));
  const post = query.data;
  const reports = useQuery(adminPostReportsQueryOptions(id));
  const waiting: AdminReport[] = reports.data?.items ?? [];
  const { dialog, approveButton, removeButton, visibilityButton } = usePostModeration();
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/rtm-sys"
        className="inline-flex items-center gap-2 self-start rounded-md text-sm font-semibold text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to admin
      </Link>
      <Alert>
        <Eye aria-hidden="true" />
        <p>Admin view: members’ actions (rating, likes, comments) are not offered here.</p>
      </Alert>
      {query.error ? (
        <Alert variant="destructive" role="alert">
          <p>{errorMessage(query.error) ?? 'Could not load the post.'}</p>
        </Alert>
      ) : !post ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <article className="grid gap-6 md:grid-cols-2">
          <img
            src={post.imageUrl}
            alt={`Photo posted by ${post.author?.name ?? 'an erased account'}`}
            className="w-full rounded-lg border object-contain"
          />
          <div className="flex flex-col gap-4">
            {post.removed ? null : (
              <div role="group" aria-label="Moderation" className="flex flex-wrap gap-2">
                {post.isModerated ? null : approveButton(post)}
                {visibilityButton(post)}
                {removeButton(post)}
              </div>
            )}
            <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Author</dt>
              <dd>
                {post.author?.name ?? 'Erased account'}{' '}
                {post.author?.email ? `(${post.author.email})` : ''}
              </dd>
              <dt className="text-muted-foreground">Posted</dt>
              <dd>{formatTime(post.createdAt)}</dd>
              <dt className="text-muted-foreground">Rating</dt>
              <dd>
                {post.averageRating?.toFixed(1) ?? '–'} ({countOf(post.voteCount, 'vote')}; AI{' '}
                {post.aiRating?.toFixed(1) ?? '–'})
              </dd>
              <dt className="text-muted-foreground">Likes / comments</dt>
              <dd>
                {post.likesCount} / {post.commentsCount}
              </dd>
              <dt className="text-muted-foreground">Moderation</dt>
              <dd>
                {post.removed
                  ? `Removed: ${post.removalReason ?? ''}`
                  : [
                      post.isModerated ? 'Approved' : 'Not yet reviewed',
                      post.isPublic ? 'Public' : 'Hidden',
                      post.autoHidden ? 'Auto-hidden by reports' : null,
                      post.authorBanned ? 'Author banned' : null,
                      post.pendingReports > 0
                        ? countOf(post.pendingReports, 'pending report')
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
              </dd>
            </dl>
            {waiting.length > 0 ? (
              <section aria-labelledby="waiting-reports" className="flex flex-col gap-2 text-sm">
                <h2 id="waiting-reports" className="font-semibold">
                  Reports waiting ({waiting.length})
                </h2>
                <ul className="flex flex-col gap-2">
                  {waiting.map((report) => (
                    <li key={report.id} className="rounded-md border p-3">
                      <ReportReason report={report} />
                      <p className="text-xs text-muted-foreground">
                        by {report.reporter?.name ?? 'an erased account'} ·{' '}
                        {formatTime(report.createdAt)}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        </article>
      )}
      {dialog}
    </div>
  );
}
