import { createFileRoute } from '@tanstack/react-router';

import { AuditAdmin } from '@/features/admin/components/admin-pages';
import { validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/audit')({
  validateSearch: validateListSearch,
  component: Page,
});

function Page() {
  useDocumentHead({
    title: 'Audit log – SoleScore Admin',
    description: 'SoleScore admin: audit log.',
  });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditAdmin
      search={search}
      setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
