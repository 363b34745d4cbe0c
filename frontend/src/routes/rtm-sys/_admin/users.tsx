import { createFileRoute } from '@tanstack/react-router';

import { UsersAdmin } from '@/features/admin/components/admin-pages';
import { validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/users')({
  validateSearch: validateListSearch,
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Users – SoleScore Admin', description: 'SoleScore admin: Users.' });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UsersAdmin
      search={search}
      setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
