import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { toast } from '@/components/ui/use-toast';
import { RegisterForm } from '@/features/session/components/register-form';
import { PendingRatingBanner } from '@/features/upload/components/pending-rating-banner';
import { readPendingRating } from '@/features/upload/pending-rating';
import { useDocumentHead } from '@/lib/use-document-head';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  // Spec §4: a rating saved before registering is published from the home page once signed in.
  // Registration signs the new account in, so the page goes there at once: the rating is posted
  // and the visitor lands on the post; the verification mail is announced on the way.
  const router = useRouter();
  const [hasPendingRating] = useState(() => readPendingRating() !== null);
  useDocumentHead({
    title: 'Register – SoleScore',
    description:
      'Create a free SoleScore account to post your foot ratings to the leaderboard, like, comment and rate. Adults 18+ only.',
    canonicalPath: '/register',
  });
  return (
    <div className="flex flex-1 flex-col">
      <PendingRatingBanner when="join" />
      <RegisterForm
        onRegistered={
          hasPendingRating
            ? (email) => {
                toast({
                  title: 'Check Your Email!',
                  description: `We sent a verification link to ${email}. Open it to verify your account.`,
                });
                void router.navigate({ to: '/', replace: true });
              }
            : undefined
        }
      />
    </div>
  );
}
