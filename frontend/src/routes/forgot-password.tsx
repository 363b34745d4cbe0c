import { createFileRoute } from '@tanstack/react-router';

import { ForgotPasswordForm } from '@/features/session/components/forgot-password-form';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  useDocumentHead({
    title: 'Forgot Password – SoleScore',
    description: 'Request a link to choose a new password for your SoleScore account.',
    canonicalPath: '/forgot-password',
  });
  return <ForgotPasswordForm />;
}
