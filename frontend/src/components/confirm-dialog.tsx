import { type ReactNode, useState } from 'react';

import { CancelButton, DialogError, DialogFrame } from '@/components/dialog-frame';
import { PendingButton } from '@/components/ui/pending-button';

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  pending: boolean;
  /**
   * Runs the action; calls `close` once it succeeded, or `fail` with spec §8's title and the
   * reason, said inside the dialog, which stays open to try again.
   */
  onConfirm: (close: () => void, fail: (error: { title: string; message: string }) => void) => void;
  confirmLabel?: string;
  pendingLabel?: string;
}

/** A destructive action behind a confirmation: Cancel, or the action with its pending state. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  pending,
  onConfirm,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const changeOpen = (next: boolean) => {
    setOpen(next);
    setError(null);
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={changeOpen}
      trigger={trigger}
      title={title}
      description={description}
      footer={
        <>
          <CancelButton />
          <PendingButton
            variant="destructive"
            pending={pending}
            pendingLabel={pendingLabel}
            onClick={() => {
              setError(null);
              onConfirm(() => changeOpen(false), setError);
            }}
          >
            {confirmLabel}
          </PendingButton>
        </>
      }
    >
      {error ? <DialogError title={error.title} message={error.message} /> : null}
    </DialogFrame>
  );
}
