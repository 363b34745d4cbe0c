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
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

import { useDeleteOwnPost } from '../api/delete-own-post';

/** Spec §2/§8: a delete button opening 'Delete Post?'; 'Failed to Delete' when it fails. */
export function DeletePostDialog({ postId, postLabel }: { postId: string; postLabel: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteOwnPost();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          className="size-9 bg-card/95 text-destructive hover:bg-destructive hover:text-destructive-foreground"
          aria-label={`Delete ${postLabel}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Post?</DialogTitle>
          <DialogDescription>
            The post, its comments and likes are removed from the leaderboard and your profile. This
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <PendingButton
            variant="destructive"
            pending={remove.isPending}
            pendingLabel="Deleting..."
            onClick={() =>
              remove.mutate(postId, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: 'Post deleted', description: 'Your post has been removed.' });
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Failed to Delete',
                    description: errorMessage(error) ?? 'Could not delete post. Please try again.',
                  }),
              })
            }
          >
            Delete
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
