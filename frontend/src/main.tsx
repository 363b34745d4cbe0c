import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { captureAdminLoginPath } from '@/features/admin/admin-login-document';
import { createQueryClient } from '@/lib/query-client';

import { createAppRouter } from './router';
import './styles.css';

// Before the router may touch the address: the hidden sign-in page is known by where it loaded.
captureAdminLoginPath();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element in index.html');

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
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
