import { createFileRoute } from '@tanstack/react-router';

import { adminPostQueryOptions } from '@/features/admin/api/admin-reads';
import { AdminPostView } from '@/features/admin/components/admin-post-view';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/post/$id')({
  // A prefetch: a failed read shows inside the page (see prefetchAdminPage).
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(adminPostQueryOptions(params.id)),
  component: AdminPostPage,
});

function AdminPostPage() {
  const { id } = Route.useParams();
  useDocumentHead({
    title: 'Post – SoleScore Admin',
    description: 'SoleScore admin: post detail.',
  });
  return <AdminPostView id={id} />;
}
