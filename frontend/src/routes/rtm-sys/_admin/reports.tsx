import { createFileRoute } from '@tanstack/react-router';

import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/reports')({
  component: ReportsAdminPage,
});

function ReportsAdminPage() {
  useDocumentHead({ title: 'Reports – SoleScore Admin', description: 'SoleScore admin: reports.' });
  return <AdminPlaceholder title="Reports" />;
}
