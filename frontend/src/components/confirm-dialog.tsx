import { type ReactNode, useState } from 'react';

import { CancelButton, DialogFrame } from '@/components/dialog-frame';
import { PendingButton } from '@/components/ui/pending-button';

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  pending: boolean;
  /** Runs the action; calls `close` once it succeeded (a failure leaves the dialog open). */
  onConfirm: (close: () => void) => void;
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
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
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
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {confirmLabel}
          </PendingButton>
        </>
      }
    />
  );
}
