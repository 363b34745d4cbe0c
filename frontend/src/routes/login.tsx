import { createFileRoute, useRouter } from '@tanstack/react-router';

import { LoginForm } from '@/features/session/components/login-form';
import { PendingRatingBanner } from '@/features/upload/components/pending-rating-banner';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { useDocumentHead } from '@/lib/use-document-head';

interface LoginSearch {
  /** Where to go after signing in (set when a signed-in-only page sent the visitor here). */
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  // Every search check names each key it owns, undefined when refused: the router lays the
  // checked search over the address's, where a refused value would still be.
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: safeRedirectPath(search.redirect) ?? undefined,
  }),
  component: LoginPage,
});

function LoginPage() {
  const router = useRouter();
  const { redirect } = Route.useSearch();
  useDocumentHead({
    title: 'Log In – SoleScore',
    description: 'Log in to SoleScore to post your foot ratings, like, comment and rate.',
    canonicalPath: '/login',
  });

  return (
    <div className="flex flex-1 flex-col">
      <PendingRatingBanner when="log in" />
      <LoginForm
        onSignedIn={() => void router.navigate({ href: redirect ?? '/', replace: true })}
      />
    </div>
  );
}
