import { useQuery } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';

import { adminPostsQueryOptions } from '../api/admin-reads';
import { useAdminAction } from '../api/admin-api';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminPost } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime } from './admin-table';
import { failed } from './admin-toasts';
import { Select } from './list-filters';
import { PostThumb, postState } from './post-cells';
import { useReasonDialog } from './reason-dialog';

/** Spec §2 moderation queue: approve, hide or show, and remove posts. */
export function PostsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const filter = search.filter ?? 'pending';
  const query = useQuery(adminPostsQueryOptions(search));
  const patch = useAdminAction((v: { id: string; body: object }) => ({
    method: 'PATCH',
    path: `/posts/${v.id}`,
    body: v.body,
  }));
  const remove = useAdminAction((v: { id: string; reason: string }) => ({
    method: 'DELETE',
    path: `/posts/${v.id}`,
    body: { reason: v.reason },
  }));
  const { ask: setAsking, dialog } = useReasonDialog();

  const columns: Column<AdminPost>[] = [
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
    { header: 'State', cell: postState },
    { header: 'Posted', cell: (post) => formatTime(post.createdAt) },
    {
      header: 'Actions',
      cell: (post) =>
        post.removed ? (
          <span className="text-xs text-muted-foreground">{post.removalReason}</span>
        ) : (
          <div className="flex flex-wrap gap-2">
            {!post.isModerated ? (
              <Button
                size="sm"
                onClick={() =>
                  patch.mutate(
                    { id: post.id, body: { isModerated: true } },
                    { onError: failed('Failed to approve post') },
                  )
                }
              >
                Approve
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                setAsking({
                  title: post.isPublic && !post.autoHidden ? 'Hide post' : 'Show post',
                  description:
                    post.isPublic && !post.autoHidden
                      ? 'The post leaves every public board and page.'
                      : 'The post returns to the public boards.',
                  confirm: post.isPublic && !post.autoHidden ? 'Hide' : 'Show',
                  required: false,
                  run: (reason) =>
                    patch.mutateAsync(
                      {
                        id: post.id,
                        body: {
                          isPublic: !(post.isPublic && !post.autoHidden),
                          reason: reason || null,
                        },
                      },
                      { onError: failed('Failed to update post') },
                    ),
                })
              }
            >
              {post.isPublic && !post.autoHidden ? 'Hide' : 'Show'}
            </Button>
            <Button
              size="sm"
              variant="destructive"
              onClick={() =>
                setAsking({
                  title: 'Remove post',
                  description: 'The post is removed for good. The reason is kept in the audit log.',
                  confirm: 'Remove',
                  required: true,
                  destructive: true,
                  run: (reason) =>
                    remove.mutateAsync(
                      { id: post.id, reason },
                      { onError: failed('Failed to remove post') },
                    ),
                })
              }
            >
              Remove
            </Button>
          </div>
        ),
    },
  ];

  return (
    <AdminListPage
      title="Posts"
      tab="posts"
      controls={
        <div className="flex flex-wrap gap-3">
          <Select
            label="Show"
            value={filter}
            onChange={(value) => setSearch({ filter: value, page: undefined })}
            options={[
              ['pending', 'Pending Review'],
              ['reported', 'Reported'],
              ['hidden', 'Hidden'],
              ['removed', 'Removed'],
              ['all', 'All posts'],
            ]}
          />
        </div>
      }
      columns={columns}
      query={query}
      empty={filter === 'pending' ? 'No posts are waiting for review.' : 'No posts here.'}
      setSearch={setSearch}
      dialog={dialog}
    />
  );
}
