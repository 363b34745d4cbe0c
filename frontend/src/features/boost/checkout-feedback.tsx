import { Link } from '@tanstack/react-router';

import { ToastAction } from '@/components/ui/toast-action';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';

/** Spec §2 /boost: a visitor who tries to buy is led to /register. */
export function promptSignUpToBoost(): void {
  toast({
    title: 'Sign Up to Continue',
    description: 'Account required to boost posts',
    action: (
      <ToastAction altText="Sign up at /register" asChild>
        <Link to="/register">Sign Up</Link>
      </ToastAction>
    ),
  });
}

/**
 * Spec §8 'Failed to create checkout session' on a refused checkout, with the server's reason
 * (an unverified email, suspended purchases, a post already boosted); a 401 (signed out
 * meanwhile) is the sign-up prompt instead.
 */
export function toastCheckoutFailure(error: unknown): void {
  if (errorStatus(error) === 401) {
    promptSignUpToBoost();
    return;
  }
  toast({
    variant: 'destructive',
    title: 'Failed to create checkout session',
    description: errorMessage(error) ?? 'Please try again',
  });
}

/** Spec §8 'Failed to apply boost' with the server's message or 'Please try again'. */
export function toastApplyFailure(error: unknown): void {
  toast({
    variant: 'destructive',
    title: 'Failed to apply boost',
    description: errorMessage(error) ?? 'Please try again',
  });
}
