import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { useAdminSession } from '@/features/admin/api/admin-session';
import { AdminRedirect } from '@/features/admin/components/admin-redirect';
import { useDocumentHead } from '@/lib/use-document-head';

/**
 * Spec §2 "Admin entry": with an admin signed in, on to /rtm-sys/posts; otherwise, for a browser
 * that has signed in as an admin before, through the server's entry to the hidden sign-in page,
 * and for any other the 404 page (a deliberate departure from the spec: docs/admin.md). Its own
 * content is never shown.
 */
export const Route = createFileRoute('/rtm-sys/')({
  component: AdminEntry,
});

function AdminEntry() {
  const router = useRouter();
  const { admin, isLoading } = useAdminSession();
  useDocumentHead({ title: 'SoleScore', description: 'SoleScore' });

  useEffect(() => {
    if (!isLoading && admin) void router.navigate({ to: '/rtm-sys/posts', replace: true });
  }, [admin, isLoading, router]);

  if (!isLoading && !admin) return <AdminRedirect />;

  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-6 text-muted-foreground" label="Loading…" />
    </div>
  );
}
