import { createFileRoute } from '@tanstack/react-router';

import { adminBoostsQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { BoostsAdmin } from '@/features/admin/components/boosts-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/boosts')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, adminBoostsQueryOptions(deps), { dashboard: true }),
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Boosts – SoleScore Admin', description: 'SoleScore admin: boosts.' });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <BoostsAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
