import { createFileRoute, useRouter } from '@tanstack/react-router';

import { ResetPasswordForm } from '@/features/session/components/reset-password-form';
import { tokenSearch } from '@/lib/paths';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/reset-password')({
  validateSearch: tokenSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const router = useRouter();
  const { token } = Route.useSearch();
  useDocumentHead({
    title: 'Reset Password – SoleScore',
    description: 'Choose a new password for your SoleScore account.',
  });
  return <ResetPasswordForm token={token} onDone={() => void router.navigate({ to: '/login' })} />;
}
