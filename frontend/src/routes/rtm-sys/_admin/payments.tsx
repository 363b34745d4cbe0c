import { createFileRoute } from '@tanstack/react-router';

import { adminPaymentsQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { PaymentsAdmin } from '@/features/admin/components/payments-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/payments')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, adminPaymentsQueryOptions(deps), { dashboard: false }),
  component: Page,
});

function Page() {
  useDocumentHead({
    title: 'Payments – SoleScore Admin',
    description: 'SoleScore admin: payments.',
  });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <PaymentsAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
