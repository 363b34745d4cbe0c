import { type ReactNode, useState } from 'react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <PendingButton
            variant="destructive"
            pending={pending}
            pendingLabel={pendingLabel}
            onClick={() => onConfirm(() => setOpen(false))}
          >
            {confirmLabel}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
