import { Link } from '@tanstack/react-router';
import { LoaderCircle, MailCheck, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { buttonVariants } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

import { useSession } from '../api/get-session';
import {
  InvalidVerificationResponseError,
  isAlreadyVerified,
  needsChosenPassword,
  useVerifyEmail,
} from '../api/verify-email';
import type { User } from '../types';
import { AuthCard, SuccessCard } from './auth-card';
import { ChoosePasswordForm } from './choose-password-form';
import { ResendLinkButton } from './resend-link-button';
import { ResendVerificationForm } from './resend-verification-form';

function failureMessage(error: unknown): string {
  if (error instanceof InvalidVerificationResponseError) return error.message;
  return errorMessage(error) ?? 'Verification failed';
}

/**
 * Spec §2/§4 /verify-email: loading, then success (session user set; a page that stays, with
 * the way back to the person's post, see docs/decisions/verified-email-page.md) or an
 * error view offering a new link, registering again or going home. The link is sent on its own
 * first: in a browser signed in to the account that verifies it. Anywhere else the server asks
 * for a password (nothing is used up), and the person chooses one before the link is used.
 */
export function VerifyEmailView({
  token,
  lastPostId = null,
}: {
  token: string | undefined;
  /** The post this browser last published, if any: "See your post" once verified. */
  lastPostId?: string | null;
}) {
  const verify = useVerifyEmail();
  const { user } = useSession();
  const { mutate, isSuccess } = verify;
  // A link works once: post it at most once per visit, also under StrictMode's double effects.
  const attempted = useRef(false);

  useEffect(() => {
    if (!token || attempted.current) return;
    attempted.current = true;
    mutate({ token });
  }, [token, mutate]);

  // Asked for by the server, and kept on screen while the chosen password is on its way.
  const choosingPassword =
    (verify.isError && needsChosenPassword(verify.error)) ||
    (verify.isPending && verify.variables.password !== undefined);

  const error = !token
    ? 'No verification token provided'
    : verify.isError && !choosingPassword
      ? failureMessage(verify.error)
      : null;

  if (verify.isError && isAlreadyVerified(verify.error)) {
    return <AlreadyVerifiedCard signedIn={user !== null} />;
  }

  if (error) return <VerificationFailedCard error={error} user={user} />;

  if (isSuccess) return <VerifiedCard postId={lastPostId} />;

  if (token && choosingPassword) {
    return (
      <ChoosePasswordForm
        pending={verify.isPending}
        onChoose={(password) => mutate({ token, password })}
      />
    );
  }

  return (
    <AuthCard
      icon={LoaderCircle}
      iconSpins
      title="Verifying Your Email"
      description={<span role="status">This takes just a moment…</span>}
    />
  );
}

/**
 * Stays until the person moves on: back to the post this browser last published (its id is
 * kept when a rating is posted), else, on another device, to My Posts.
 */
function VerifiedCard({ postId }: { postId: string | null }) {
  return (
    <SuccessCard
      title="Your email is verified"
      status={
        postId
          ? 'All set: your post is on the leaderboard, and you can like, comment and rate.'
          : 'All set: you can post, like, comment and rate.'
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {postId ? (
          <Link to="/post/$id" params={{ id: postId }} className={buttonVariants()}>
            See your post
          </Link>
        ) : (
          <Link to="/my-posts" className={buttonVariants()}>
            Go to My Posts
          </Link>
        )}
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Go Home
        </Link>
      </div>
    </SuccessCard>
  );
}

/** A link used before (or an older one): nothing failed, the account is verified. */
function AlreadyVerifiedCard({ signedIn }: { signedIn: boolean }) {
  return (
    <AuthCard
      icon={MailCheck}
      tone="success"
      title="Your email is already verified"
      focusTitle
      description={
        <span role="status">
          {signedIn
            ? 'Nothing more to do: you can post, like, comment and rate.'
            : 'Nothing more to do: log in to post, like, comment and rate.'}
        </span>
      }
    >
      <div className={signedIn ? 'grid' : 'grid gap-3 sm:grid-cols-2'}>
        {signedIn ? null : (
          <Link to="/login" className={buttonVariants()}>
            Log In
          </Link>
        )}
        <Link to="/" className={buttonVariants({ variant: signedIn ? 'default' : 'outline' })}>
          Go Home
        </Link>
      </div>
    </AuthCard>
  );
}

/**
 * Spec §2's error view. A member signed in here is offered a new link to their own address
 * (or none once verified) and never 'Register Again'; a visitor gets the spec's three ways on.
 */
function VerificationFailedCard({ error, user }: { error: string; user: User | null }) {
  return (
    <AuthCard
      icon={MailWarning}
      tone="destructive"
      title="Verification Failed"
      description={<span role="alert">{error}</span>}
    >
      {user ? (
        user.emailVerified ? null : (
          <ResendLinkButton email={user.email} className="items-stretch text-center" />
        )
      ) : (
        <div className="flex flex-col gap-3 rounded-lg border bg-muted/50 p-4">
          <h2 className="text-sm font-semibold">Need a new link?</h2>
          <ResendVerificationForm />
        </div>
      )}
      <div className={user ? 'grid' : 'grid gap-3 sm:grid-cols-2'}>
        {user ? null : (
          <Link to="/register" className={buttonVariants({ variant: 'outline' })}>
            Register Again
          </Link>
        )}
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Go Home
        </Link>
      </div>
    </AuthCard>
  );
}
