import { createFileRoute } from '@tanstack/react-router';

import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/payments')({
  component: PaymentsAdminPage,
});

function PaymentsAdminPage() {
  useDocumentHead({
    title: 'Payments – SoleScore Admin',
    description: 'SoleScore admin: payments.',
  });
  return <AdminPlaceholder title="Payments" />;
}
