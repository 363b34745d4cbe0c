import { createFileRoute } from '@tanstack/react-router';

import { adminPostsQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { PostsAdmin } from '@/features/admin/components/posts-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/posts')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, adminPostsQueryOptions(deps), { dashboard: true }),
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Posts – SoleScore Admin', description: 'SoleScore admin: Posts.' });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <PostsAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
