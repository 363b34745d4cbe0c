import { createFileRoute } from '@tanstack/react-router';

import { PostsAdmin } from '@/features/admin/components/admin-pages';
import { validateListSearch } from '@/features/admin/list-search';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/posts')({
  validateSearch: validateListSearch,
  component: Page,
});

function Page() {
  useDocumentHead({ title: 'Posts – SoleScore Admin', description: 'SoleScore admin: Posts.' });
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PostsAdmin
      search={search}
      setSearch={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
    />
  );
}
