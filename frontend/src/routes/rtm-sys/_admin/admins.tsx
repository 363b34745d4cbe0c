import { createFileRoute } from '@tanstack/react-router';

import { AdminsAdmin } from '@/features/admin/components/admins-admin';
import { validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/admins')({
  validateSearch: validateListSearch,
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Admins – SoleScore Admin', description: 'SoleScore admin: Admins.' });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminsAdmin
      search={search}
      setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
