import { useId, useState } from 'react';

import { DialogError, FormDialog } from '@/components/dialog-frame';
import { errorMessage } from '@/lib/api-client';

import { ReasonField } from './reason-field';

export interface ReasonRequest {
  title: string;
  description: string;
  confirm: string;
  required: boolean;
  destructive?: boolean;
  /** The title of a refusal (spec §8's 'Failed to update report'), said in the dialog. */
  failure: string;
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();

  const close = () => {
    setReason('');
    setError(null);
    setRefusal(null);
    onClose();
  };

  const submit = async () => {
    if (!request) return;
    if (request.required && reason.trim() === '') {
      setError('Please give a reason');
      return;
    }
    setPending(true);
    setRefusal(null);
    try {
      await request.run(reason.trim());
      close();
    } catch (failure) {
      // Said here, with the reason kept, to try again (a toast would wait for the dialog to close).
      setRefusal(errorMessage(failure) ?? 'Please try again.');
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
      <ReasonField
        id={id}
        label={`Reason${request?.required ? '' : ' (optional)'}`}
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
      {refusal && request ? <DialogError title={request.failure} message={refusal} /> : null}
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
