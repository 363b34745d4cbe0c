import { createFileRoute } from '@tanstack/react-router';

import { BoostsAdmin } from '@/features/admin/components/payments-admin';
import { validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/boosts')({
  validateSearch: validateListSearch,
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Boosts – SoleScore Admin', description: 'SoleScore admin: boosts.' });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BoostsAdmin
      search={search}
      setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
