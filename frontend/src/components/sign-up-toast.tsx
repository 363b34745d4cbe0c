import { Link } from '@tanstack/react-router';

import { ToastAction } from '@/components/ui/toast-action';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';

/**
 * Spec §5/§6: a signed-out visitor who tries to take part (like, comment, reply, rate, report)
 * is told to sign up ('Please sign up to like posts', …) and offered the way to /register.
 */
export function promptSignUp(message: string): void {
  toast({
    title: message,
    description: 'It’s free and only takes a minute.',
    action: (
      <ToastAction altText="Sign up at /register" asChild>
        <Link to="/register">Sign Up</Link>
      </ToastAction>
    ),
  });
}

/**
 * A failed community action: a 401 (the session ended meanwhile) becomes the server's
 * 'Please sign up to …' prompt; anything else a destructive toast with the spec's title and the
 * server's message, or the given fallback.
 */
export function toastActionFailure(error: unknown, title: string, fallback: string): void {
  const message = errorMessage(error);
  if (errorStatus(error) === 401 && message) {
    promptSignUp(message);
    return;
  }
  toast({ variant: 'destructive', title, description: message ?? fallback });
}
