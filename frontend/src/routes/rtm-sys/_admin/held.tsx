import { createFileRoute } from '@tanstack/react-router';

import { heldPostsQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { HeldPostsAdmin } from '@/features/admin/components/held-posts-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/held')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, heldPostsQueryOptions(deps), { dashboard: false }),
  component: Page,
});

function Page() {
  useDocumentHead({
    title: 'Held posts – SoleScore Admin',
    description: 'SoleScore admin: held posts.',
  });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <HeldPostsAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
