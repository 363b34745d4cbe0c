import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { Button } from '@/components/ui/button';

import { apiJson } from '@/lib/api-client';
import { adminCommentsQueryOptions } from '../api/admin-reads';
import { useAdminAction } from '../api/admin-api';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminComment } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';
import { SearchBox } from './list-filters';
import { useReasonDialog } from './reason-dialog';

/** Spec §2 comments: search every comment and delete one with a reason. */
export function CommentsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const query = useQuery(adminCommentsQueryOptions(search));
  const remove = useAdminAction((v: { id: string; reason: string }) =>
    apiJson('DELETE', '/api/rtm-sys/comments/{id}', {
      params: { path: { id: v.id } },
      body: { reason: v.reason },
    }),
  );
  const { ask: setAsking, dialog } = useReasonDialog();
  const columns: Column<AdminComment>[] = [
    {
      header: 'Comment',
      cell: (c) => (
        <div className="max-w-md">
          <p className="whitespace-pre-wrap break-words">{c.text ?? '(erased)'}</p>
          <Link
            to="/rtm-sys/post/$id"
            params={{ id: c.postId }}
            className="text-xs text-primary underline-offset-4 hover:underline"
          >
            Open post
          </Link>
        </div>
      ),
    },
    {
      header: 'Author',
      cell: (c) => (
        <div>
          <p className="font-medium">{c.author?.name ?? 'Erased account'}</p>
          {c.hidden ? <StatusPill tone="bad">Author banned</StatusPill> : null}
        </div>
      ),
    },
    { header: 'Posted', cell: (c) => formatTime(c.createdAt) },
    {
      header: 'Actions',
      cell: (c) => (
        <Button
          size="sm"
          variant="destructive"
          onClick={() =>
            setAsking({
              title: 'Delete comment',
              description: c.parentCommentId
                ? 'The reply is deleted.'
                : 'The comment and its replies are deleted.',
              confirm: 'Delete',
              required: true,
              destructive: true,
              failure: 'Failed to delete comment',
              run: (reason) => remove.mutateAsync({ id: c.id, reason }),
            })
          }
        >
          Delete
        </Button>
      ),
    },
  ];
  return (
    <AdminListPage
      title="Comments"
      controls={
        <SearchBox
          key={search.search ?? ''}
          label="Search comments"
          value={search.search ?? ''}
          onSearch={(value) => setSearch({ search: value || undefined, page: undefined })}
        />
      }
      columns={columns}
      query={query}
      empty={search.search ? 'No comment matches.' : 'No comments yet.'}
      setSearch={setSearch}
      dialog={dialog}
    />
  );
}
