import { useEffect, useState } from 'react';

import { NotFoundPage } from '@/components/not-found-page';
import { Spinner } from '@/components/ui/spinner';

import { adminEntryLeadsOn, goToAdminEntry } from '../admin-entry';

/**
 * Without an admin session the admin area sends a browser that has signed in as an admin before
 * through the server's entry to the hidden sign-in page; any other browser gets the 404 page, as
 * at any address that leads nowhere (docs/admin.md: the entry does not give the path away).
 * Nothing of the admin area is shown meanwhile.
 */
export function AdminRedirect() {
  const [nowhere, setNowhere] = useState(false);
  useEffect(() => {
    let current = true;
    adminEntryLeadsOn().then(
      (leadsOn) => {
        if (!current) return;
        if (leadsOn) goToAdminEntry();
        else setNowhere(true);
      },
      () => current && setNowhere(true),
    );
    return () => {
      current = false;
    };
  }, []);
  if (nowhere) return <NotFoundPage />;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-6 text-muted-foreground" label="Redirecting…" />
    </div>
  );
}
