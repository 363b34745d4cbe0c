import { createFileRoute } from '@tanstack/react-router';

import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/posts')({
  component: PostsAdminPage,
});

function PostsAdminPage() {
  useDocumentHead({ title: 'Posts – SoleScore Admin', description: 'SoleScore admin: posts.' });
  return <AdminPlaceholder title="Posts" />;
}
