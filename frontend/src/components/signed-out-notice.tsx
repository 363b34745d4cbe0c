import { Link } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';

import { buttonVariants } from '@/components/ui/button';

/** Shown by a signed-in-only page whose visitor has just signed out. */
export function SignedOutNotice() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">You are signed out</h1>
      <p className="text-muted-foreground">Log in to see this page.</p>
      <Link to="/login" className={buttonVariants()}>
        <LogIn aria-hidden="true" />
        Login
      </Link>
    </div>
  );
}
