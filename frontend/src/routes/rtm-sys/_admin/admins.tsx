import { createFileRoute } from '@tanstack/react-router';

import { adminAccountsQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { AdminsAdmin } from '@/features/admin/components/admins-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/admins')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, adminAccountsQueryOptions(deps), { dashboard: false }),
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Admins – SoleScore Admin', description: 'SoleScore admin: Admins.' });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <AdminsAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
