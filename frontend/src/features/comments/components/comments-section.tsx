import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MessageCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { toastActionFailure } from '@/components/sign-up-toast';
import { Button, buttonVariants } from '@/components/ui/button';
import { PendingButton } from '@/components/ui/pending-button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

import { commentsQueryOptions, useLoadMoreComments, usePostComment } from '../api/comments';
import { countComments } from '../comment-rules';
import type { CommentViewer } from '../types';
import { commentRefusal } from '../comment-refusal';
import { CommentForm } from './comment-form';
import { CommentThread } from './comment-item';

interface CommentsSectionProps {
  postId: string;
  viewer: CommentViewer;
  /** The section's id, for links that jump to the comments. */
  id: string;
  /** Called after a comment or reply was added or deleted (the post's count changed). */
  onChanged: () => void;
}

function SignUpToComment() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm font-medium">Please sign up to comment on posts</p>
      <div className="flex gap-2">
        <Link to="/register" className={buttonVariants({ size: 'sm' })}>
          Sign Up
        </Link>
        <Link to="/login" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
          Log In
        </Link>
      </div>
    </div>
  );
}

/** Spec §2: the comments of a post with one level of replies, newest threads last. */
export function CommentsSection({ postId, viewer, id, onChanged }: CommentsSectionProps) {
  const comments = useQuery(commentsQueryOptions(postId));
  const post = usePostComment(postId);
  const more = useLoadMoreComments(postId);
  const list = useRef<HTMLUListElement>(null);
  // The first thread a "Show more comments" brought: focus goes there, not to the page, once the
  // button that had it is gone or has moved below the new threads.
  const [firstLoaded, setFirstLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (firstLoaded === null) return;
    const thread = list.current?.querySelector(`[data-thread="${CSS.escape(firstLoaded)}"]`);
    if (!(thread instanceof HTMLElement)) return;
    thread.tabIndex = -1;
    thread.focus();
    setFirstLoaded(null);
  }, [firstLoaded, comments.data]);

  const send = (text: string) =>
    post
      .mutateAsync({ text })
      .then(() => {
        onChanged();
        return true;
      })
      .catch((error: unknown) => {
        const refusal = commentRefusal(error);
        if (refusal) return refusal;
        toastActionFailure(error, 'Failed to post comment', 'Please try again');
        return false;
      });

  // Counted once every page is loaded; until then the count would be the loaded part's.
  const count =
    comments.data && comments.data.next === null ? countComments(comments.data.threads) : null;
  const next = comments.data?.next ?? null;

  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <Card>
        <CardContent className="flex flex-col gap-5 p-4 sm:p-6">
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold">
            <MessageCircle className="size-5 text-primary" aria-hidden="true" />
            Comments
            {count !== null ? (
              <span className="text-base font-semibold text-muted-foreground tabular-nums">
                ({count})
              </span>
            ) : null}
          </h2>

          {viewer ? (
            <CommentForm
              label="Add a comment"
              hideLabel
              placeholder="Add a comment..."
              submitLabel="Comment"
              pending={post.isPending}
              onSubmit={send}
            />
          ) : (
            <SignUpToComment />
          )}

          {comments.isPending ? (
            <div className="flex flex-col gap-4" role="status" aria-label="Loading comments">
              {Array.from({ length: 2 }, (_, i) => (
                <div key={i} className="flex gap-3">
                  <Skeleton className="size-9 rounded-full" />
                  <div className="flex flex-1 flex-col gap-2">
                    <Skeleton className="h-4 w-32" />
                    <Skeleton className="h-4 w-full max-w-md" />
                  </div>
                </div>
              ))}
            </div>
          ) : comments.isError ? (
            <div role="alert" className="flex flex-col items-start gap-3 text-sm">
              <p className="flex items-center gap-2 font-medium text-destructive">
                <TriangleAlert className="size-4" aria-hidden="true" />
                Comments could not be loaded.
              </p>
              <Button variant="outline" size="sm" onClick={() => void comments.refetch()}>
                Try again
              </Button>
            </div>
          ) : comments.data.threads.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">
              No comments yet. Start the conversation!
            </p>
          ) : (
            <>
              <ul ref={list} className="flex flex-col gap-5">
                {comments.data.threads.map((comment) => (
                  <CommentThread
                    key={comment.id}
                    comment={comment}
                    viewer={viewer}
                    onChanged={onChanged}
                  />
                ))}
              </ul>
              {next ? (
                <div className="flex flex-col items-center gap-2">
                  {more.isError ? (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      More comments could not be loaded.
                    </p>
                  ) : null}
                  <PendingButton
                    variant="outline"
                    pending={more.isPending}
                    pendingLabel="Loading comments..."
                    onClick={() => {
                      const shown = new Set(comments.data.threads.map((thread) => thread.id));
                      more.mutate(next, {
                        onSuccess: (page) =>
                          setFirstLoaded(
                            page.items.find((thread) => !shown.has(thread.id))?.id ?? null,
                          ),
                      });
                    }}
                  >
                    {more.isError ? 'Try again' : 'Show more comments'}
                  </PendingButton>
                </div>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
