import { createFileRoute } from '@tanstack/react-router';

import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/statistics')({
  component: StatisticsAdminPage,
});

function StatisticsAdminPage() {
  useDocumentHead({
    title: 'Statistics – SoleScore Admin',
    description: 'SoleScore admin: statistics.',
  });
  return <AdminPlaceholder title="Statistics" />;
}
