import { createFileRoute } from '@tanstack/react-router';

import { CommentsAdmin } from '@/features/admin/components/admin-pages';
import { validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/comments')({
  validateSearch: validateListSearch,
  component: Page,
});

function Page() {
  useDocumentHead({
    title: 'Comments – SoleScore Admin',
    description: 'SoleScore admin: Comments.',
  });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CommentsAdmin
      search={search}
      setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
