import { createFileRoute } from '@tanstack/react-router';

import { StatisticsAdmin } from '@/features/admin/components/statistics-admin';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/statistics')({
  component: StatisticsAdminPage,
});

function StatisticsAdminPage() {
  useDocumentHead({
    title: 'Statistics – SoleScore Admin',
    description: 'SoleScore admin: statistics.',
  });
  return <StatisticsAdmin />;
}
