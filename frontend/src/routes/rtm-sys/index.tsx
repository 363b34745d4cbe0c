import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { goToAdminEntry } from '@/features/admin/admin-entry';
import { useAdminSession } from '@/features/admin/api/admin-session';
import { useDocumentHead } from '@/lib/use-document-head';

/**
 * Spec §2 "Admin entry": with an admin signed in, on to /rtm-sys/posts; otherwise through the
 * server's entry to the hidden sign-in page. Its own content is never shown.
 */
export const Route = createFileRoute('/rtm-sys/')({
  component: AdminEntry,
});

function AdminEntry() {
  const router = useRouter();
  const { admin, isLoading } = useAdminSession();
  useDocumentHead({ title: 'SoleScore', description: 'SoleScore' });

  useEffect(() => {
    if (isLoading) return;
    if (admin) void router.navigate({ to: '/rtm-sys/posts', replace: true });
    else goToAdminEntry();
  }, [admin, isLoading, router]);

  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-6 text-muted-foreground" label="Loading…" />
    </div>
  );
}
