import { createFileRoute } from '@tanstack/react-router';

import { ReportsAdmin } from '@/features/admin/components/admin-pages';
import { validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/reports')({
  validateSearch: validateListSearch,
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Reports – SoleScore Admin', description: 'SoleScore admin: Reports.' });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsAdmin
      search={search}
      setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
