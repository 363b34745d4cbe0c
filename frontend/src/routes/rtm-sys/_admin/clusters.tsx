import { createFileRoute } from '@tanstack/react-router';

import { adminClustersQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { ClustersAdmin } from '@/features/admin/components/clusters-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/clusters')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, adminClustersQueryOptions(deps), { dashboard: false }),
  component: Page,
});

function Page() {
  useDocumentHead({
    title: 'Clusters – SoleScore Admin',
    description: 'SoleScore admin: clusters of sign-ups.',
  });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <ClustersAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
