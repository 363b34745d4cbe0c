import { createFileRoute } from '@tanstack/react-router';

import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/admins')({
  component: AdminsAdminPage,
});

function AdminsAdminPage() {
  useDocumentHead({ title: 'Admins – SoleScore Admin', description: 'SoleScore admin: admins.' });
  return <AdminPlaceholder title="Admins" />;
}
