import { useEffect } from 'react';

import { Spinner } from '@/components/ui/spinner';

import { goToAdminEntry } from '../admin-entry';

/**
 * Without an admin session the admin area sends the browser through the server's entry to the
 * hidden sign-in page. Nothing of the page itself is shown meanwhile.
 */
export function AdminRedirect() {
  useEffect(() => {
    goToAdminEntry();
  }, []);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-6 text-muted-foreground" label="Redirecting…" />
    </div>
  );
}
