import { Trash2 } from 'lucide-react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

interface DeleteCommentDialogProps {
  isThread: boolean;
  pending: boolean;
  /**
   * Resolves true when the comment was deleted (the dialog then closes), else the reason, said
   * in the dialog under spec §8's 'Error'.
   */
  onConfirm: () => Promise<true | string>;
}

/** Spec §5: only the author deletes a comment, after a confirmation that replies go too. */
export function DeleteCommentDialog({ isThread, pending, onConfirm }: DeleteCommentDialogProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="h-8 px-2 text-muted-foreground">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={isThread ? 'Delete comment?' : 'Delete reply?'}
      description={
        isThread
          ? 'This comment and all of its replies will be deleted. This cannot be undone.'
          : 'This reply will be deleted. This cannot be undone.'
      }
      pending={pending}
      onConfirm={(close, fail) =>
        void onConfirm().then((result) =>
          result === true ? close() : fail({ title: 'Error', message: result }),
        )
      }
    />
  );
}
