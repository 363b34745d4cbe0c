import { Trash2 } from 'lucide-react';
import { useState } from 'react';

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

interface DeleteCommentDialogProps {
  isThread: boolean;
  pending: boolean;
  /** Resolves true when the comment was deleted (the dialog then closes). */
  onConfirm: () => Promise<boolean>;
}

/** Spec §5: only the author deletes a comment, after a confirmation that replies go too. */
export function DeleteCommentDialog({ isThread, pending, onConfirm }: DeleteCommentDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-8 px-2 text-muted-foreground">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isThread ? 'Delete comment?' : 'Delete reply?'}</DialogTitle>
          <DialogDescription>
            {isThread
              ? 'This comment and all of its replies will be deleted. This cannot be undone.'
              : 'This reply will be deleted. This cannot be undone.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <PendingButton
            variant="destructive"
            pending={pending}
            pendingLabel="Deleting..."
            onClick={() => void onConfirm().then((deleted) => deleted && setOpen(false))}
          >
            Delete
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
