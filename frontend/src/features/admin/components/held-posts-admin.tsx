import { useQuery } from '@tanstack/react-query';

import { heldPostsQueryOptions } from '../api/admin-reads';
import type { ListSearch, SetSearch } from '../list-search';
import type { HeldPost } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';
import { postColumns } from './post-cells';
import { usePostModeration } from './post-moderation';

const FINDINGS: Record<string, string> = {
  face: 'Maybe a face',
  person: 'Maybe a person',
  nudity: 'Maybe nudity',
  too_small: 'Too small to check',
};

/** Why the post waits: the content check's doubt (with its scores), or every post waiting. */
function HeldReason({ post }: { post: HeldPost }) {
  const verdict = post.gateVerdict;
  const scores = Object.entries(verdict?.scores ?? {}).sort(([, a], [, b]) => b - a);
  return (
    <div className="flex min-w-48 flex-col gap-1">
      {post.heldReason === 'gate_review' ? (
        <StatusPill tone="warn">
          {FINDINGS[verdict?.reason ?? ''] ?? 'Content check unsure'}
        </StatusPill>
      ) : (
        <StatusPill tone="muted">Every post is reviewed</StatusPill>
      )}
      {scores.length > 0 ? (
        <dl className="grid grid-cols-[auto_auto] gap-x-3 text-xs text-muted-foreground">
          {scores.map(([label, score]) => (
            <div key={label} className="contents">
              <dt className="font-mono">{label}</dt>
              <dd className="text-right tabular-nums">{score.toFixed(2)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {verdict ? <p className="text-xs text-muted-foreground">Checked by {verdict.gate}</p> : null}
    </div>
  );
}

/**
 * The "Held for review" queue: posts the content check was unsure about (or every post, when
 * posts need approval). Approving makes a post public; removing takes it down for good.
 */
export function HeldPostsAdmin({
  search,
  setSearch,
}: {
  search: ListSearch;
  setSearch: SetSearch;
}) {
  const query = useQuery(heldPostsQueryOptions(search));
  const { dialog, approveButton, removeButton } = usePostModeration();

  const columns: Column<HeldPost>[] = [
    ...postColumns<HeldPost>(),
    { header: 'Why held', cell: (post) => <HeldReason post={post} /> },
    { header: 'Posted', cell: (post) => formatTime(post.createdAt) },
    {
      header: 'Actions',
      cell: (post) => (
        <div className="flex flex-wrap gap-2">
          {approveButton(post, 'Approve and publish')}
          {removeButton(post)}
        </div>
      ),
    },
  ];

  return (
    <AdminListPage
      title="Held for review"
      controls={
        <p className="max-w-prose text-sm text-muted-foreground">
          Only their authors see these posts. Approve one to publish it on the boards, or remove it
          with a reason.
        </p>
      }
      columns={columns}
      query={query}
      empty="No posts are held for review."
      setSearch={setSearch}
      dialog={dialog}
    />
  );
}
