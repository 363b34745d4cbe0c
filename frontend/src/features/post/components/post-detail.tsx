import { MessageCircle, MessageSquareQuote } from 'lucide-react';
import type { ReactNode } from 'react';

import { BoostBadge } from '@/components/boost-badge';
import { HeldNotice } from '@/components/held-notice';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatScore, scoreBandClasses, scoreLabel } from '@/lib/score';
import type { Post } from '@/types/api';

import type { Viewer } from '../types';
import { AuthorCard } from './author-card';
import { LikeButton } from './like-button';
import { PostRatingPanel } from './post-rating-panel';
import { ReportDialog } from './report-dialog';
import { ShareMenu } from './share-menu';

interface PostDetailProps {
  post: Post;
  viewer: Viewer;
  /** The id of the comments section the comments button jumps to. */
  commentsAnchor: string;
  /** Shown to the owner only (the boost buttons), passed in by the route. */
  ownerActions?: ReactNode;
}

function PostScore({ post, isOwner }: { post: Post; isOwner: boolean }) {
  if (post.averageRating === null) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-muted-foreground">Rating</p>
        <p className="text-3xl font-extrabold">Not rated yet</p>
        <p className="text-sm text-muted-foreground">
          {isOwner ? 'The community’s ratings will show here.' : 'Be the first to rate this post.'}
        </p>
      </div>
    );
  }
  const band = scoreBandClasses(post.averageRating);
  const votes = post.voteCount;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-muted-foreground">Rating</p>
      <p className={cn('text-6xl leading-none font-extrabold tabular-nums', band.text)}>
        {formatScore(post.averageRating)}
        <span className="text-2xl font-bold text-muted-foreground">/10</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded-full px-3 py-1 text-xs font-bold tracking-wider', band.badge)}>
          {scoreLabel(post.averageRating)}
        </span>
        <span className="text-sm text-muted-foreground">
          {post.aiRating ? 'AI score' : null}
          {post.aiRating && votes > 0 ? ' and ' : null}
          {votes > 0 ? `${votes} community ${votes === 1 ? 'rating' : 'ratings'}` : null}
        </span>
      </div>
    </div>
  );
}

/** Spec §2 /post/{id}: the photo, its rating, the actions, the author and the rating form. */
export function PostDetail({ post, viewer, commentsAnchor, ownerActions }: PostDetailProps) {
  const signedIn = viewer !== null;
  const isOwner = viewer !== null && viewer.id === post.userId;
  const comments = post.commentsCount;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <Card className="relative overflow-hidden">
        <img
          src={post.imageUrl}
          alt={`Photo posted by ${post.displayUsername || post.username || 'an anonymous user'}`}
          className="max-h-[75vh] w-full bg-muted object-contain"
        />
        {post.isBoosted ? (
          <BoostBadge
            boostType={post.boostType}
            variant="banner"
            className="absolute top-3 left-3"
          />
        ) : null}
      </Card>

      <div className="flex flex-col gap-4">
        {post.heldForReview ? <HeldNotice /> : null}
        <Card>
          <CardContent className="flex flex-col gap-5 p-6">
            <PostScore post={post} isOwner={isOwner} />
            <div className="flex flex-wrap items-center gap-2">
              <LikeButton postId={post.id} likesCount={post.likesCount} signedIn={signedIn} />
              <a
                href={`#${commentsAnchor}`}
                className={buttonVariants({ variant: 'outline' })}
                aria-label={`${comments} ${comments === 1 ? 'comment' : 'comments'}: go to comments`}
              >
                <MessageCircle aria-hidden="true" />
                <span className="tabular-nums">{comments}</span>
              </a>
              <ShareMenu postId={post.id} rating={post.averageRating} isOwner={isOwner} />
              {isOwner ? null : <ReportDialog postId={post.id} signedIn={signedIn} />}
            </div>
          </CardContent>
        </Card>

        <AuthorCard post={post} />

        {post.aiRating?.aiComment ? (
          <Card>
            <CardContent className="flex gap-3 p-4">
              <MessageSquareQuote className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="flex flex-col gap-1">
                <h2 className="text-sm font-semibold text-muted-foreground">
                  AI comment · {formatScore(post.aiRating.overall)}/10
                </h2>
                <p className="text-sm text-pretty">{post.aiRating.aiComment}</p>
              </div>
            </CardContent>
          </Card>
        ) : null}

        {isOwner ? (
          <div className="flex flex-col gap-3 rounded-lg border border-dashed px-4 py-3">
            <p className="text-sm text-muted-foreground">
              This is your post. Others can rate, like and comment on it.
            </p>
            {ownerActions}
          </div>
        ) : (
          <PostRatingPanel postId={post.id} signedIn={signedIn} />
        )}
      </div>
    </div>
  );
}
