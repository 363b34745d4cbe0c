import { createFileRoute } from '@tanstack/react-router';

import { PaymentsAdmin } from '@/features/admin/components/payments-admin';
import { validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/payments')({
  validateSearch: validateListSearch,
  component: Page,
});

function Page() {
  useDocumentHead({
    title: 'Payments – SoleScore Admin',
    description: 'SoleScore admin: payments.',
  });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PaymentsAdmin
      search={search}
      setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
