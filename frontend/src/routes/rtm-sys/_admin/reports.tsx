import { createFileRoute } from '@tanstack/react-router';

import { adminReportsQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { ReportsAdmin } from '@/features/admin/components/reports-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/reports')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, adminReportsQueryOptions(deps), { dashboard: true }),
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Reports – SoleScore Admin', description: 'SoleScore admin: Reports.' });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <ReportsAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
