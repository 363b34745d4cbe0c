import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';

import { VerifyEmailView } from '@/features/session/components/verify-email-view';
import { readLastPost } from '@/features/upload/pending-rating';
import { tokenSearch } from '@/lib/paths';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/verify-email')({
  validateSearch: tokenSearch,
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token } = Route.useSearch();
  useDocumentHead({
    title: 'Verify Your Email – SoleScore',
    description: 'Confirm the email address of your SoleScore account.',
  });
  // Kept when this browser published a rating; a link opened elsewhere has none.
  const [lastPostId] = useState(() => readLastPost());
  return <VerifyEmailView token={token} lastPostId={lastPostId} />;
}
