import { createFileRoute } from '@tanstack/react-router';

import { auditQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { AuditAdmin } from '@/features/admin/components/audit-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/audit')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, auditQueryOptions(deps), { dashboard: false }),
  component: Page,
});

function Page() {
  useDocumentHead({
    title: 'Audit log – SoleScore Admin',
    description: 'SoleScore admin: audit log.',
  });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <AuditAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
