import { useQuery } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';

import { apiJson } from '@/lib/api-client';
import { adminReportsQueryOptions } from '../api/admin-reads';
import { useAdminAction } from '../api/admin-api';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminReport } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';
import { Select } from './list-filters';
import { PostThumb } from './post-cells';
import { usePostModeration } from './post-moderation';
import { useReasonDialog } from './reason-dialog';
import { ReportReason } from './report-reason';

/**
 * Spec §2 reports: review (and hide the post in the same step) or dismiss; or remove the post
 * for good, which settles every pending report of it (reviewed, with the removal as its note).
 */
export function ReportsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const status = search.status ?? 'pending';
  const query = useQuery(adminReportsQueryOptions(search));
  const review = useAdminAction(
    (v: { id: string; status: 'reviewed' | 'dismissed'; hidePost: boolean; note: string }) =>
      apiJson('PATCH', '/api/rtm-sys/reports/{id}', {
        params: { path: { id: v.id } },
        body: { status: v.status, hidePost: v.hidePost, note: v.note || null },
      }),
  );
  const { ask: setAsking, dialog } = useReasonDialog();
  const moderation = usePostModeration();
  const ask = (report: AdminReport, verdict: 'reviewed' | 'dismissed', hidePost: boolean) =>
    setAsking({
      title:
        verdict === 'dismissed'
          ? 'Dismiss report'
          : hidePost
            ? 'Review and hide post'
            : 'Mark reviewed',
      description:
        verdict === 'dismissed'
          ? 'The report was not right; the post stays as it is.'
          : hidePost
            ? 'The report was right: the post is hidden in the same step.'
            : 'The report was right; the post stays visible.',
      confirm: verdict === 'dismissed' ? 'Dismiss' : 'Review',
      required: false,
      failure: 'Failed to update report',
      run: (note) => review.mutateAsync({ id: report.id, status: verdict, hidePost, note }),
    });

  const columns: Column<AdminReport>[] = [
    {
      header: 'Post',
      cell: (r) =>
        r.post ? <PostThumb post={r.post} /> : <span className="text-muted-foreground">Gone</span>,
    },
    {
      header: 'Reason',
      cell: (r) => (
        <div className="max-w-xs">
          <ReportReason report={r} />
          <p className="text-xs text-muted-foreground">
            by {r.reporter?.name ?? 'an erased account'} · against{' '}
            {r.author?.name ?? 'an erased account'}
          </p>
        </div>
      ),
    },
    {
      header: 'Status',
      cell: (r) => (
        <div className="flex flex-col gap-1">
          <StatusPill
            tone={r.status === 'pending' ? 'warn' : r.status === 'reviewed' ? 'ok' : 'muted'}
          >
            {r.status === 'pending'
              ? 'Pending'
              : r.status === 'reviewed'
                ? 'Reviewed'
                : 'Dismissed'}
          </StatusPill>
          {r.reviewedBy ? (
            <span className="text-xs text-muted-foreground">by {r.reviewedBy}</span>
          ) : null}
        </div>
      ),
    },
    { header: 'Reported', cell: (r) => formatTime(r.createdAt) },
    {
      header: 'Actions',
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => ask(r, 'reviewed', true)}>
              Review &amp; hide
            </Button>
            <Button size="sm" variant="outline" onClick={() => ask(r, 'reviewed', false)}>
              Reviewed
            </Button>
            <Button size="sm" variant="ghost" onClick={() => ask(r, 'dismissed', false)}>
              Dismiss
            </Button>
            {r.post && !r.post.removed ? moderation.removeButton(r.post) : null}
          </div>
        ) : (
          <span className="text-xs text-muted-foreground">{r.note}</span>
        ),
    },
  ];
  return (
    <AdminListPage
      title="Reports"
      tab="reports"
      controls={
        <Select
          label="Status"
          value={status}
          onChange={(value) => setSearch({ status: value, page: undefined })}
          options={[
            ['pending', 'Pending'],
            ['all', 'All (pending first)'],
            ['reviewed', 'Reviewed'],
            ['dismissed', 'Dismissed'],
          ]}
        />
      }
      columns={columns}
      query={query}
      empty="No reports here."
      setSearch={setSearch}
      dialog={
        <>
          {dialog}
          {moderation.dialog}
        </>
      }
    />
  );
}
