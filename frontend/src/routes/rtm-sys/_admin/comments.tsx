import { createFileRoute } from '@tanstack/react-router';

import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/comments')({
  component: CommentsAdminPage,
});

function CommentsAdminPage() {
  useDocumentHead({
    title: 'Comments – SoleScore Admin',
    description: 'SoleScore admin: comments.',
  });
  return <AdminPlaceholder title="Comments" />;
}
