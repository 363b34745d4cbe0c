import { Link } from '@tanstack/react-router';
import { Footprints } from 'lucide-react';

import { buttonVariants } from '@/components/ui/button';
import { useDocumentHead } from '@/lib/use-document-head';

export function NotFoundPage() {
  useDocumentHead({
    title: 'Page not found – SoleScore',
    description: 'This page does not exist on SoleScore.',
  });

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-5 px-4 py-20 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Footprints className="size-8" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold tracking-widest text-primary uppercase">Error 404</p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">We couldn’t find that page</h1>
      <p className="text-muted-foreground">
        The link may be broken or the page may have moved. Let’s get you back on your feet.
      </p>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        Back to home
      </Link>
    </div>
  );
}
