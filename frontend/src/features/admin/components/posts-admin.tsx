import { useQuery } from '@tanstack/react-query';

import { adminPostsQueryOptions } from '../api/admin-reads';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminPost } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime } from './admin-table';
import { usePostModeration } from './post-moderation';
import { Select } from './list-filters';
import { postColumns, postState } from './post-cells';

/** Spec §2 moderation queue: approve, hide or show, and remove posts. */
export function PostsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const filter = search.filter ?? 'pending';
  const query = useQuery(adminPostsQueryOptions(search));
  const { dialog, approveButton, removeButton, visibilityButton } = usePostModeration();

  const columns: Column<AdminPost>[] = [
    ...postColumns<AdminPost>(),
    { header: 'State', cell: postState },
    { header: 'Posted', cell: (post) => formatTime(post.createdAt) },
    {
      header: 'Actions',
      cell: (post) =>
        post.removed ? (
          <span className="text-xs text-muted-foreground">{post.removalReason}</span>
        ) : (
          <div className="flex flex-wrap gap-2">
            {!post.isModerated ? approveButton(post) : null}
            {visibilityButton(post)}
            {removeButton(post)}
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
              ['pending', 'Not yet reviewed'],
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
