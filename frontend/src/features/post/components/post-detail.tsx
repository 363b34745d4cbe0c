import { useQuery } from '@tanstack/react-query';
import { MessageCircle, MessageSquareQuote, Star, Trophy } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';

import { BoostBadge } from '@/components/boost-badge';
import { CategoryScores } from '@/components/category-scores';
import { HeldNotice } from '@/components/held-notice';
import { RaterNote } from '@/components/rater-note';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatScore, scoreBandClasses, scoreLabel } from '@/lib/score';
import { authorName, type Post } from '@/types/api';
import { countOf } from '@/lib/plural';
import { formatCountsFrom } from '@/lib/counts-from';

import { userRatingQueryOptions } from '../api/rate-post';

import type { PostPage, Viewer } from '../types';
import { AuthorCard } from './author-card';
import { LikeButton } from './like-button';
import { PostRatingPanel } from './post-rating-panel';
import { RATING_FORM_ID } from './rating-form';
import { ReportDialog } from './report-dialog';
import { ShareMenu } from './share-menu';

interface PostDetailProps {
  post: PostPage;
  viewer: Viewer;
  /** The id of the comments section the comments button jumps to. */
  commentsAnchor: string;
  /** Shown to the owner only (the boost buttons), passed in by the route. */
  ownerActions?: ReactNode;
}

/** The viewer's own rating of the post, when it waits to count (a new account's). */
interface PendingVote {
  rating: number;
  countsFrom: string;
}

function PendingLine({ vote }: { vote: PendingVote }) {
  return (
    <p className="text-sm font-medium">
      Your <span className="tabular-nums">{vote.rating}/10</span> counts from{' '}
      <time dateTime={vote.countsFrom}>{formatCountsFrom(vote.countsFrom)}</time>.
    </p>
  );
}

/** The score's two parts: the AI's and the members' (their average and how many voted). */
function ScoreParts({ post }: { post: Post }) {
  const votes = post.voteCount;
  const members =
    votes > 0 && post.communityAverage
      ? `Members ${formatScore(post.communityAverage)} from ${countOf(votes, 'vote')}`
      : 'No member votes yet';
  return (
    <span className="text-sm text-muted-foreground">
      {post.aiRating ? `AI ${formatScore(post.aiRating.overall)} · ` : null}
      {members}
    </span>
  );
}

function PostScore({
  post,
  isOwner,
  pending,
}: {
  post: Post;
  isOwner: boolean;
  pending: PendingVote | null;
}) {
  if (post.averageRating === null) {
    return (
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-muted-foreground">Rating</p>
        <p className="text-3xl font-extrabold">
          {pending ? 'No counted ratings yet' : 'Not rated yet'}
        </p>
        {pending ? (
          <PendingLine vote={pending} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {isOwner
              ? 'The community’s ratings will show here.'
              : 'Be the first to rate this post.'}
          </p>
        )}
      </div>
    );
  }
  const band = scoreBandClasses(post.averageRating);
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
        <ScoreParts post={post} />
      </div>
      {pending ? <PendingLine vote={pending} /> : null}
    </div>
  );
}

/** Scrolls to the rating form and puts the focus on its first score (or its own rating). */
function jumpToRating(event: MouseEvent<HTMLAnchorElement>) {
  const form = document.getElementById(RATING_FORM_ID);
  if (!form) return;
  event.preventDefault();
  form.scrollIntoView({ block: 'start' });
  const target = form.querySelector<HTMLElement>('input:not([disabled]), [role="status"]');
  if (target && !target.matches('input')) target.tabIndex = -1;
  target?.focus({ preventScroll: true });
}

/** The page's one heading: whose post it is, with its place this week when it has one. */
function PostHeading({ post }: { post: PostPage }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="min-w-0 text-lg font-bold [overflow-wrap:anywhere]">
        Post by {authorName(post)}
      </h1>
      {post.weeklyRank !== null ? (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-accent px-2.5 py-1 text-sm font-bold whitespace-nowrap text-accent-foreground">
          <Trophy className="size-4" aria-hidden="true" />#{post.weeklyRank} this week
        </span>
      ) : null}
    </div>
  );
}

/** The AI's rating of the photo: its four categories and its comment (none for direct posts). */
function AiRatingCard({ ai }: { ai: NonNullable<Post['aiRating']> }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-6">
        <div className="flex flex-col gap-1.5">
          <h2 className="text-sm font-semibold text-muted-foreground">
            AI rating · {formatScore(ai.overall)}/10
          </h2>
          <RaterNote rater={ai.rater} />
        </div>
        <CategoryScores scores={ai} rater={ai.rater} />
        {ai.aiComment ? (
          <div className="flex gap-3 border-t pt-4">
            <MessageSquareQuote className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="text-sm text-pretty">
              <span className="sr-only">AI comment: </span>
              {ai.aiComment}
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Spec §2 /post/{id}: the photo, its rating, the actions, the author and the rating form. */
export function PostDetail({ post, viewer, commentsAnchor, ownerActions }: PostDetailProps) {
  const signedIn = viewer !== null;
  const isOwner = viewer !== null && viewer.id === post.userId;
  const comments = post.commentsCount;
  const own = useQuery(userRatingQueryOptions(post.id, signedIn && !isOwner)).data;
  const rated = signedIn && typeof own?.rating === 'number';
  const pending =
    signedIn && typeof own?.rating === 'number' && own.countsFrom
      ? { rating: own.rating, countsFrom: own.countsFrom }
      : null;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <Card
        className={cn(
          'relative overflow-hidden',
          // A photo of its own shape: the card holds it, no wider (a tall one stands centred).
          post.imageWidth && post.imageHeight && 'mx-auto w-fit max-w-full',
        )}
      >
        <img
          src={post.imageUrl}
          alt={`Photo posted by ${post.displayUsername || post.username || 'an anonymous user'}`}
          // The page's largest paint: fetched first, in a box of its own shape before it arrives,
          // so nothing below it moves when it does. A post from before sizes were kept gets a
          // square (the muted background beside a photo of another shape).
          fetchPriority="high"
          {...(post.imageWidth && post.imageHeight
            ? {
                width: post.imageWidth,
                height: post.imageHeight,
                className: 'mx-auto block h-auto max-h-[75vh] w-auto max-w-full',
              }
            : { className: 'aspect-square max-h-[75vh] w-full bg-muted object-contain' })}
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
            <PostHeading post={post} />
            <PostScore post={post} isOwner={isOwner} pending={pending} />
            <div className="flex flex-wrap items-center gap-2">
              {isOwner || rated ? null : (
                <a
                  href={`#${RATING_FORM_ID}`}
                  onClick={jumpToRating}
                  className={buttonVariants({ variant: 'default' })}
                >
                  <Star aria-hidden="true" />
                  Rate this
                </a>
              )}
              <LikeButton postId={post.id} likesCount={post.likesCount} signedIn={signedIn} />
              <a
                href={`#${commentsAnchor}`}
                className={buttonVariants({ variant: 'outline' })}
                aria-label={`${countOf(comments, 'comment')}: go to comments`}
              >
                <MessageCircle aria-hidden="true" />
                <span className="tabular-nums">{comments}</span>
              </a>
              <ShareMenu postId={post.id} rating={post.averageRating} isOwner={isOwner} />
              {isOwner ? null : (
                <ReportDialog
                  postId={post.id}
                  signedIn={signedIn}
                  reported={post.reportedByViewer}
                />
              )}
            </div>
          </CardContent>
        </Card>

        <AuthorCard post={post} />

        {post.aiRating ? <AiRatingCard ai={post.aiRating} /> : null}

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
