import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { countOf } from '@/lib/plural';

import { heldPostsQueryOptions } from '../api/admin-reads';
import { strongestSign } from '../held-reason';
import type { ListSearch, SetSearch } from '../list-search';
import type { HeldPost } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';
import { postColumns } from './post-cells';
import { usePostModeration } from './post-moderation';

/**
 * Why the post waits, named apart from "Not yet reviewed" (public, not yet approved): the content
 * check held it, with its strongest reason in one sentence and every score behind a disclosure;
 * or every post waits for approval.
 */
function HeldReason({ post }: { post: HeldPost }) {
  const verdict = post.gateVerdict;
  const scores = Object.entries(verdict?.scores ?? {}).sort(([, a], [, b]) => b - a);
  const sign = strongestSign(verdict);
  return (
    <div className="flex min-w-0 flex-col items-start gap-1 sm:min-w-48">
      {post.heldReason === 'gate_review' ? (
        <StatusPill tone="warn">Held by the content check</StatusPill>
      ) : post.heldReason === 'repost_review' ? (
        <StatusPill tone="warn">Looks like another post</StatusPill>
      ) : (
        <StatusPill tone="muted">Waiting for approval</StatusPill>
      )}
      {post.heldReason === 'gate_review' && sign ? (
        <p className="text-sm font-medium">{sign}</p>
      ) : null}
      <LookAlikes ids={post.similarTo} />
      {scores.length > 0 ? (
        <details className="group text-xs text-muted-foreground">
          <summary className="cursor-pointer rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            All {countOf(scores.length, 'score')}
            {verdict ? ` from ${verdict.gate}` : ''}
          </summary>
          <dl className="mt-1 grid grid-cols-[auto_auto] justify-start gap-x-3">
            {scores.map(([label, score]) => (
              <div key={label} className="contents">
                <dt className="font-mono break-all">{label}</dt>
                <dd className="text-right tabular-nums">{score.toFixed(2)}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : verdict ? (
        <p className="text-xs text-muted-foreground">Checked by {verdict.gate}</p>
      ) : null}
    </div>
  );
}

/** Links to the posts the re-post check found the photo like, to compare before deciding. */
function LookAlikes({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return null;
  return (
    <ul className="flex flex-col gap-0.5 text-sm" aria-label="Posts it looks like">
      {ids.map((id, index) => (
        <li key={id}>
          <Link
            to="/rtm-sys/post/$id"
            params={{ id }}
            className="rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {ids.length === 1 ? 'Open the other post' : `Open other post ${index + 1}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The held posts: not public, seen by their authors alone, because the content check was unsure
 * about them or because every post waits for approval. Approving makes a post public; removing
 * takes it down for good.
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
      title="Held posts"
      controls={
        <p className="max-w-prose text-sm text-muted-foreground">
          Not public yet: only their authors see these posts. Approve one to publish it on the
          boards, or remove it with a reason.
        </p>
      }
      columns={columns}
      query={query}
      empty="No posts are held."
      setSearch={setSearch}
      dialog={dialog}
    />
  );
}
