import { useId, useState } from 'react';

import { FormDialog } from '@/components/dialog-frame';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export interface ReasonRequest {
  title: string;
  description: string;
  confirm: string;
  required: boolean;
  destructive?: boolean;
  run: (reason: string) => Promise<unknown>;
}

/** Asks for the reason an admin action records (required or optional), then runs it. */
export function ReasonDialog({
  request,
  onClose,
}: {
  request: ReasonRequest | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!request) return;
    if (request.required && reason.trim() === '') {
      setError('Please give a reason');
      return;
    }
    setPending(true);
    try {
      await request.run(reason.trim());
      close();
    } catch {
      // The action's own error handling shows a toast; the dialog stays open to try again.
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={request !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={request?.title}
      description={request?.description}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      formClassName="gap-2"
      pending={pending}
      variant={request?.destructive ? 'destructive' : 'default'}
      submitLabel={request?.confirm}
    >
      <Label htmlFor={id}>Reason{request?.required ? '' : ' (optional)'}</Label>
      <Textarea
        id={id}
        value={reason}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}

/**
 * The reason dialog of a page: `ask` opens it with a request, `dialog` is the element to render
 * (once, below the page's table).
 */
export function useReasonDialog() {
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  return {
    ask: setRequest,
    dialog: <ReasonDialog request={request} onClose={() => setRequest(null)} />,
  };
}
