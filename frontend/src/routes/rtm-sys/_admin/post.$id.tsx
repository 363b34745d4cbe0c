import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, Eye } from 'lucide-react';

import { Alert } from '@/components/ui/alert';
import { AdminPlaceholder } from '@/features/admin/components/admin-placeholder';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/rtm-sys/_admin/post/$id')({
  component: AdminPostPage,
});

/** Spec §2: a post inside the admin layout, read-only, with a way back. */
function AdminPostPage() {
  const { id } = Route.useParams();
  useDocumentHead({
    title: 'Post – SoleScore Admin',
    description: 'SoleScore admin: post detail.',
  });
  return (
    <AdminPlaceholder title={`Post ${id}`}>
      <Link
        to="/rtm-sys"
        className="inline-flex items-center gap-2 self-start rounded-md text-sm font-semibold text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to admin
      </Link>
      <Alert>
        <Eye aria-hidden="true" />
        <p>Admin view: this post is read-only here.</p>
      </Alert>
    </AdminPlaceholder>
  );
}
