import { Link } from '@tanstack/react-router';
import { Reply } from 'lucide-react';
import { useState } from 'react';

import { RelativeTime } from '@/components/relative-time';
import { promptSignUp, toastActionFailure } from '@/components/sign-up-toast';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { errorMessage } from '@/lib/api-client';
import { authorName } from '@/types/api';

import { useDeleteComment, usePostComment } from '../api/comments';
import type { Comment, CommentViewer } from '../types';
import { commentRefusal } from '../comment-refusal';
import { CommentForm } from './comment-form';
import { CommentLikeButton } from './comment-like-button';
import { DeleteCommentDialog } from './delete-comment-dialog';

interface CommentItemProps {
  comment: Comment;
  viewer: CommentViewer;
  /** Called after a comment or reply was added or deleted (the post's count changed). */
  onChanged: () => void;
}

function CommentBody({
  comment,
  viewer,
  onChanged,
  onReply,
}: CommentItemProps & { onReply: () => void }) {
  const remove = useDeleteComment(comment.postId);
  const name = authorName(comment);
  const isAuthor = viewer?.id === comment.userId;

  return (
    <div className="flex gap-3">
      <UserAvatar
        name={name}
        seed={comment.userId}
        pictureUrl={comment.profilePictureUrl}
        className="size-9"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <Link
            to="/user/$userId"
            params={{ userId: comment.userId }}
            className="rounded-sm text-sm font-semibold underline-offset-4 hover:underline"
          >
            {name}
          </Link>
          <RelativeTime iso={comment.createdAt} className="text-xs text-muted-foreground" />
        </div>
        <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{comment.text}</p>
        <div className="-ml-2 flex flex-wrap items-center gap-1">
          <CommentLikeButton comment={comment} signedIn={viewer !== null} />
          <Button
            variant="ghost"
            size="sm"
            className="h-8 px-2 text-muted-foreground"
            onClick={onReply}
          >
            <Reply aria-hidden="true" />
            Reply
            <span className="sr-only"> to {name}</span>
          </Button>
          {isAuthor ? (
            <DeleteCommentDialog
              isThread={comment.parentCommentId === null}
              pending={remove.isPending}
              onConfirm={() =>
                remove
                  .mutateAsync(comment.id)
                  .then(() => {
                    onChanged();
                    return true as const;
                  })
                  .catch(
                    (error: unknown) =>
                      // Spec §8: 'Error' with the message, said in the dialog.
                      errorMessage(error) ?? 'Could not delete the comment. Please try again.',
                  )
              }
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * A thread: the comment, its replies (one level: answering a reply adds to the same thread)
 * and the reply form when open.
 */
export function CommentThread({ comment, viewer, onChanged }: CommentItemProps) {
  const [replying, setReplying] = useState(false);
  const post = usePostComment(comment.postId);

  const openReply = () => {
    if (!viewer) {
      promptSignUp('Please sign up to reply to comments');
      return;
    }
    setReplying(true);
  };

  const sendReply = (text: string) =>
    post
      .mutateAsync({ text, parentCommentId: comment.id })
      .then(() => {
        setReplying(false);
        onChanged();
        return true;
      })
      .catch((error: unknown) => {
        const refusal = commentRefusal(error);
        if (refusal) return refusal;
        toastActionFailure(error, 'Failed to post reply', 'Please try again');
        return false;
      });

  return (
    <li
      data-thread={comment.id}
      className="flex flex-col gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      <CommentBody comment={comment} viewer={viewer} onChanged={onChanged} onReply={openReply} />
      {comment.replies.length > 0 || replying ? (
        <div className="ml-[1.125rem] flex flex-col gap-3 border-l-2 pl-5">
          {comment.replies.length > 0 ? (
            <ul className="flex flex-col gap-3" aria-label={`Replies to ${authorName(comment)}`}>
              {comment.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentBody
                    comment={reply}
                    viewer={viewer}
                    onChanged={onChanged}
                    onReply={openReply}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {replying ? (
            <CommentForm
              label={`Reply to ${authorName(comment)}`}
              placeholder="Write a reply..."
              submitLabel="Reply"
              pending={post.isPending}
              autoFocus
              onSubmit={sendReply}
              onCancel={() => setReplying(false)}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
