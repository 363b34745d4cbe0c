import { createFileRoute } from '@tanstack/react-router';

import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/users')({
  component: UsersAdminPage,
});

function UsersAdminPage() {
  useDocumentHead({ title: 'Users – SoleScore Admin', description: 'SoleScore admin: users.' });
  return <AdminPlaceholder title="Users" />;
}
