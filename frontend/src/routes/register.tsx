import { createFileRoute } from '@tanstack/react-router';

import { RouteError, RoutePending } from '@/components/route-status';
import { RegisterForm } from '@/features/session/components/register-form';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
  pendingComponent: () => <RoutePending />,
  errorComponent: RouteError,
});

function RegisterPage() {
  useDocumentHead({
    title: 'Register – SoleScore',
    description:
      'Create a free SoleScore account to post your foot ratings to the leaderboard, like, comment and rate. Adults 18+ only.',
    canonicalPath: '/register',
  });
  return <RegisterForm />;
}
