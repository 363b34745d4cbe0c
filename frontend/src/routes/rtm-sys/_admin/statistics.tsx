import { createFileRoute } from '@tanstack/react-router';

import { statisticsQueryOptions } from '@/features/admin/api/admin-reads';
import { StatisticsAdmin } from '@/features/admin/components/statistics-admin';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/statistics')({
  // A prefetch: a failed read shows inside the page (see prefetchAdminPage).
  loader: ({ context }) => context.queryClient.prefetchQuery(statisticsQueryOptions()),
  component: StatisticsAdminPage,
});

function StatisticsAdminPage() {
  useDocumentHead({
    title: 'Statistics – SoleScore Admin',
    description: 'SoleScore admin: statistics.',
  });
  return <StatisticsAdmin />;
}
