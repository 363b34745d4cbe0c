import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';

import { LazyNotFoundPage, LazyRouteError } from '@/components/lazy-route-pages';
import { RoutePending } from '@/components/route-status';
import { useToast } from '@/components/ui/use-toast';
import { isAdminAreaPath, isAdminLoginPath } from '@/features/admin/admin-login-document';
import { ThemeProvider } from '@/features/theme/components/theme-provider';

import { SiteLayout } from './-layouts/site-layout';

// Only the hidden sign-in page needs this; it stays out of everyone else's first download.
const AdminLoginScreen = lazy(() =>
  import('./-layouts/admin-login-screen').then((module) => ({ default: module.AdminLoginScreen })),
);

// Loaded with the first toast: most page views raise none. The toast store lives in the first
// download, so a toast raised before this arrives is shown once it has.
const Toaster = lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  pendingComponent: () => <RoutePending />,
  errorComponent: LazyRouteError,
  notFoundComponent: LazyNotFoundPage,
});

/**
 * Three kinds of page share the theme and the toasts: the public site (header, session, age
 * gate), the admin area (its own layout, no gate) and the hidden admin sign-in page, which no
 * route names: the server marks the document it serves there (see admin-login-document).
 */
function RootLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });

  let page: ReactNode;
  if (isAdminLoginPath(pathname)) {
    page = (
      <Suspense fallback={<RoutePending />}>
        <AdminLoginScreen />
      </Suspense>
    );
  } else if (isAdminAreaPath(pathname)) page = <Outlet />;
  else page = <SiteLayout />;

  return (
    <ThemeProvider>
      {page}
      <Toasts />
    </ThemeProvider>
  );
}

function Toasts() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
