import { createFileRoute, Link } from '@tanstack/react-router';
import { Upload } from 'lucide-react';
import { useState } from 'react';

import { RouteError, RoutePending } from '@/components/route-status';
import { buttonVariants } from '@/components/ui/button';
import { RegisterForm } from '@/features/session/components/register-form';
import { readPendingRating } from '@/features/upload/pending-rating';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
  pendingComponent: () => <RoutePending />,
  errorComponent: RouteError,
});

function RegisterPage() {
  // Spec §4: a rating saved before registering is published from the home page once signed in
  // (registration signs the new account in), so that is where the next step leads.
  const [hasPendingRating] = useState(() => readPendingRating().status === 'valid');
  useDocumentHead({
    title: 'Register – SoleScore',
    description:
      'Create a free SoleScore account to post your foot ratings to the leaderboard, like, comment and rate. Adults 18+ only.',
    canonicalPath: '/register',
  });
  return (
    <RegisterForm
      nextStep={
        hasPendingRating ? (
          <Link to="/" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            <Upload aria-hidden="true" />
            Post My Rating
          </Link>
        ) : undefined
      }
    />
  );
}
