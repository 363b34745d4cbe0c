import { Trash2 } from 'lucide-react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

import { useDeleteOwnPost } from '../api/delete-own-post';

/**
 * Spec §2/§8: a delete button opening 'Delete Post?'; 'Failed to Delete' when it fails, said in
 * the dialog.
 */
export function DeletePostDialog({ postId, postLabel }: { postId: string; postLabel: string }) {
  const remove = useDeleteOwnPost();

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="icon"
          className="size-9 bg-card/95 text-destructive hover:bg-destructive hover:text-destructive-foreground"
          aria-label={`Delete ${postLabel}`}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title="Delete Post?"
      description="The post, its comments and likes are removed from the leaderboard and your profile. This cannot be undone."
      pending={remove.isPending}
      onConfirm={(close, fail) =>
        remove.mutate(postId, {
          onSuccess: () => {
            close();
            toast({ title: 'Post deleted', description: 'Your post has been removed.' });
          },
          onError: (error) =>
            fail({
              title: 'Failed to Delete',
              message: errorMessage(error) ?? 'Could not delete post. Please try again.',
            }),
        })
      }
    />
  );
}
