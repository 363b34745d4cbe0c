import { CircleCheck, TriangleAlert } from 'lucide-react';

import { Alert } from '@/components/ui/alert';

/** A failed request, announced as soon as it appears. */
export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlert aria-hidden="true" />
      <p>{message}</p>
    </Alert>
  );
}

/** A confirmation, announced politely. */
export function SuccessAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="success" role="status">
      <CircleCheck aria-hidden="true" />
      <p>{message}</p>
    </Alert>
  );
}
