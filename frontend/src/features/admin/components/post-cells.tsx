import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { countOf } from '@/lib/plural';

import type { AdminPost } from '../types';
import { type Column, StatusPill } from './admin-table';

/** The post's thumbnail, opening the post inside the admin area. */
export function PostThumb({ post }: { post: AdminPost }) {
  return (
    <Link
      to="/rtm-sys/post/$id"
      params={{ id: post.id }}
      className="block size-14 overflow-hidden rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <img src={post.thumbnailUrl} alt="Open the post" className="size-full object-cover" />
    </Link>
  );
}

/** The post's moderation state as pills (Removed alone, else each state that holds). */
export function postState(post: AdminPost): ReactNode {
  if (post.removed) return <StatusPill tone="bad">Removed</StatusPill>;
  const pills: ReactNode[] = [];
  if (post.heldForReview)
    pills.push(
      // Not public until approved: named apart from "Not yet reviewed" (public, not yet approved).
      <StatusPill key="held" tone="warn">
        Held, not public
      </StatusPill>,
    );
  else if (!post.isModerated)
    pills.push(
      <StatusPill key="p" tone="warn">
        Not yet reviewed
      </StatusPill>,
    );
  else
    pills.push(
      <StatusPill key="a" tone="ok">
        Approved
      </StatusPill>,
    );
  if (!post.isPublic)
    pills.push(
      <StatusPill key="h" tone="muted">
        Hidden
      </StatusPill>,
    );
  if (post.autoHidden)
    pills.push(
      <StatusPill key="ah" tone="bad">
        Auto-hidden
      </StatusPill>,
    );
  if (post.authorBanned)
    pills.push(
      <StatusPill key="b" tone="bad">
        Author banned
      </StatusPill>,
    );
  if (post.pendingReports > 0)
    pills.push(
      <StatusPill key="r" tone="warn">
        {countOf(post.pendingReports, 'report')}
      </StatusPill>,
    );
  return <div className="flex flex-wrap gap-1">{pills}</div>;
}

/** The photo and author columns every list of posts starts with. */
export function postColumns<T extends AdminPost>(): Column<T>[] {
  return [
    { header: 'Photo', cell: (post) => <PostThumb post={post} /> },
    {
      header: 'Author',
      cell: (post) => (
        <div className="min-w-0">
          <p className="font-medium">{post.author?.name ?? 'Erased account'}</p>
          <p className="truncate text-xs text-muted-foreground">{post.author?.email}</p>
        </div>
      ),
    },
  ];
}
