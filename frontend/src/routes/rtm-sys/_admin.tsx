import { createFileRoute, Outlet } from '@tanstack/react-router';

import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { adminSessionQueryOptions, useAdminSession } from '@/features/admin/api/admin-session';
import { useAdminLogout } from '@/features/admin/api/admin-sign-in';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AdminRedirect } from '@/features/admin/components/admin-redirect';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

/** The admin layout around every admin page; without an admin session, off to sign in. */
export const Route = createFileRoute('/rtm-sys/_admin')({
  beforeLoad: ({ context }) => context.queryClient.ensureQueryData(adminSessionQueryOptions()),
  component: AdminArea,
  pendingComponent: () => (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-6 text-muted-foreground" label="Loading…" />
    </div>
  ),
});

function AdminArea() {
  const { admin } = useAdminSession();
  const logout = useAdminLogout();

  // Signed out (or never signed in): the entry leads to the sign-in page.
  if (!admin) return <AdminRedirect />;

  return (
    <AdminLayout
      admin={admin}
      isLoggingOut={logout.isPending || logout.isSuccess}
      themeToggle={<ThemeToggle />}
      // Once signed out the session is empty and AdminRedirect (above) leaves for the sign-in.
      onLogout={() =>
        logout.mutate(undefined, {
          onError: () =>
            toast({
              variant: 'destructive',
              title: 'Logout failed',
              description: 'Please try again.',
            }),
        })
      }
    >
      <Outlet />
    </AdminLayout>
  );
}
