import { useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useEffect } from 'react';

import { Alert } from '@/components/ui/alert';

import { sessionQueryOptions } from '../api/get-session';
import { setSignedInUser } from '../api/session-cache';
import { useResendLinkParts } from './resend-link-button';

/**
 * On every page while the signed-in member's email is unverified: what waits on it, where the
 * link went, and a way to get a new one. The link is often opened in another tab or on the
 * phone, so coming back to this tab asks the server again and the banner goes once verified.
 */
export function VerificationBanner({ email }: { email: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = async () => {
      if (document.visibilityState !== 'visible') return;
      const user = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
      // Verified meanwhile: what the member may do has changed, so the rest is read again.
      if (user?.emailVerified) setSignedInUser(queryClient, user);
    };
    const onVisible = () => void recheck().catch(() => undefined);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient]);

  const resend = useResendLinkParts(email);
  return (
    <section aria-label="Email verification" className="mx-auto w-full max-w-5xl px-4 pt-4">
      <Alert className="flex-col gap-3">
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-center">
          <MailWarning
            aria-hidden="true"
            className="hidden size-4 shrink-0 self-start text-primary sm:mt-0.5 sm:block"
          />
          <div className="flex-1">
            <p className="font-semibold">Please verify your email address</p>
            <p className="text-muted-foreground [overflow-wrap:anywhere]">
              Open the link we sent to <strong className="text-foreground">{email}</strong> to like,
              comment on, rate and report posts.
            </p>
          </div>
          {resend.action}
        </div>
        {resend.outcome}
      </Alert>
    </section>
  );
}
