import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { captureAdminLoginPath } from '@/features/admin/admin-login-document';
import { AgeVerifiedAtRender, hasAgeVerifiedCookie } from '@/features/gate/age-verification';
import { createQueryClient } from '@/lib/query-client';

import { createAppRouter } from './router';
import './styles.css';

// Before the router may touch the address: the hidden sign-in page is known by where it loaded.
captureAdminLoginPath();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');

// Whether the page was drawn for a visitor past the age gate: by the gate's cookie, unless the
// server's markup holds the gate (index.html's script may have just set the cookie from storage,
// after the server drew the page with it).
const ageVerifiedAtRender =
  !rootElement.querySelector(':scope > dialog') && hasAgeVerifiedCookie(document.cookie);

const app = (
  <StrictMode>
    <AgeVerifiedAtRender.Provider value={ageVerifiedAtRender}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AgeVerifiedAtRender.Provider>
  </StrictMode>
);

// A public page the server rendered (its markup in #root) comes with the data it was drawn from,
// and is hydrated (hydrate-page.ts). Other pages (the admin area, account pages, a page whose
// render failed) are rendered here.
if (rootElement.hasChildNodes()) {
  void import('./hydrate-page').then((module) => module.hydratePage(app, router));
} else {
  createRoot(rootElement).render(app);
}
