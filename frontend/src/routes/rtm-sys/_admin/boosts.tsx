import { createFileRoute } from '@tanstack/react-router';

import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/boosts')({
  component: BoostsAdminPage,
});

function BoostsAdminPage() {
  useDocumentHead({ title: 'Boosts – SoleScore Admin', description: 'SoleScore admin: boosts.' });
  return <AdminPlaceholder title="Boosts" />;
}
