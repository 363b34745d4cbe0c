import { createFileRoute } from '@tanstack/react-router';

import { adminUsersQueryOptions, prefetchAdminPage } from '@/features/admin/api/admin-reads';
import { UsersAdmin } from '@/features/admin/components/users-admin';
import { type SetSearch, validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/users')({
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchAdminPage(context.queryClient, adminUsersQueryOptions(deps), { dashboard: true }),
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Users – SoleScore Admin', description: 'SoleScore admin: Users.' });
  const navigate = Route.useNavigate();
  const setSearch: SetSearch = (next) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }) });
  return <UsersAdmin search={Route.useSearch()} setSearch={setSearch} />;
}
