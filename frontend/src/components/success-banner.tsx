import { CircleCheck } from 'lucide-react';

import { Alert } from '@/components/ui/alert';

/**
 * A success message that comes and goes (spec §2: banners disappear after 5 s). The live region
 * is always mounted, and visually hidden so it takes no room while empty; the visible banner
 * repeats it for sighted users and is hidden from screen readers to avoid reading it twice.
 */
export function SuccessBanner({ message }: { message: string | null }) {
  return (
    <>
      <p role="status" className="sr-only">
        {message ?? ''}
      </p>
      {message ? (
        <Alert variant="success" aria-hidden="true" data-testid="success-banner">
          <CircleCheck />
          <p>{message}</p>
        </Alert>
      ) : null}
    </>
  );
}
