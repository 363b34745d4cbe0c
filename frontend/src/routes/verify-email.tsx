import { createFileRoute, useRouter } from '@tanstack/react-router';

import { VerifyEmailView } from '@/features/session/components/verify-email-view';
import { tokenSearch } from '@/lib/paths';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/verify-email')({
  validateSearch: tokenSearch,
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const router = useRouter();
  const { token } = Route.useSearch();
  useDocumentHead({
    title: 'Verify Your Email – SoleScore',
    description: 'Confirm the email address of your SoleScore account.',
  });
  return (
    <VerifyEmailView
      token={token}
      onVerified={() => void router.navigate({ to: '/', replace: true })}
    />
  );
}
