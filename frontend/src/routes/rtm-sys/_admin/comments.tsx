import { createFileRoute } from '@tanstack/react-router';

import { adminCommentsQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { CommentsAdmin } from '@/features/admin/components/comments-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/comments')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, adminCommentsQueryOptions(deps), { dashboard: false }),
  component: Page,
});

function Page() {
  useDocumentHead({
    title: 'Comments – SoleScore Admin',
    description: 'SoleScore admin: Comments.',
  });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <CommentsAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
