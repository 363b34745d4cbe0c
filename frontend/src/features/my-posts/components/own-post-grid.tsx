import { Link } from '@tanstack/react-router';
import {
  EyeOff,
  Heart,
  Hourglass,
  ImagePlus,
  type LucideIcon,
  MessageCircle,
  ShieldX,
  Vote,
} from 'lucide-react';

import { BoostBadge } from '@/components/boost-badge';
import { CrowdVotes } from '@/components/crowd-votes';
import { ScoreBadge } from '@/components/score-badge';
import { buttonVariants } from '@/components/ui/button';
import { calendarDate } from '@/lib/relative-time';
import { countOf } from '@/lib/plural';

import type { OwnPost } from '../types';
import { DeletePostDialog } from './delete-post-dialog';

/**
 * A post a moderator removed: its photo and page are gone for everyone, the author included, so
 * the card opens nothing and says why instead.
 */
function RemovedPostCard({ post }: { post: OwnPost }) {
  const date = calendarDate(post.createdAt);
  return (
    <article
      aria-label={`Your post from ${date}, removed by a moderator`}
      className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <div className="flex aspect-square flex-col items-center justify-center gap-2 bg-muted px-4 text-center">
        <ShieldX className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-semibold">Removed by a moderator</p>
        {post.removalReason ? (
          <p className="line-clamp-4 text-xs break-words text-muted-foreground">
            Reason: {post.removalReason}
          </p>
        ) : null}
      </div>
      <div className="px-3 py-2 text-sm">
        <time dateTime={post.createdAt} className="font-medium text-muted-foreground">
          {date}
        </time>
      </div>
    </article>
  );
}

function OwnPostCard({ post }: { post: OwnPost }) {
  const date = calendarDate(post.createdAt);
  const label = `post from ${date}`;
  if (post.removed) return <RemovedPostCard post={post} />;
  return (
    <div className="group relative overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <Link
        to="/post/$id"
        params={{ id: post.id }}
        className="block rounded-xl focus-visible:outline-offset-[-4px]"
      >
        <div className="relative aspect-square bg-muted">
          <img
            src={post.thumbnailUrl || post.imageUrl}
            alt={`Your ${label}`}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
          <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
            <ScoreBadge rating={post.averageRating} />
            {post.isBoosted ? <BoostBadge boostType={post.boostType} /> : null}
            {post.heldForReview ? (
              <StatePill icon={Hourglass}>Waiting for approval</StatePill>
            ) : null}
            {post.isPublic ? null : <StatePill icon={EyeOff}>Hidden</StatePill>}
          </div>
        </div>
        <div className="flex flex-col gap-1 px-3 py-2 text-sm">
          <time dateTime={post.createdAt} className="font-medium text-muted-foreground">
            {date}
          </time>
          {/* Spec §2's counts, always shown: touch screens have no hover. */}
          <ul
            aria-label="Counts"
            className="flex flex-wrap gap-x-3 gap-y-1 text-xs font-medium text-muted-foreground"
          >
            {post.communityAverage ? (
              <li className="inline-flex whitespace-nowrap">
                <CrowdVotes average={post.communityAverage} voteCount={post.voteCount} />
              </li>
            ) : (
              <Count icon={Vote}>{countOf(post.voteCount, 'vote')}</Count>
            )}
            <Count icon={Heart}>{countOf(post.likesCount, 'like')}</Count>
            <Count icon={MessageCircle}>{countOf(post.commentsCount, 'comment')}</Count>
          </ul>
        </div>
      </Link>
      <div className="absolute top-2 right-2">
        <DeletePostDialog postId={post.id} postLabel={label} />
      </div>
    </div>
  );
}

function Count({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <li className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums">
      <Icon className="size-3.5" aria-hidden="true" />
      {children}
    </li>
  );
}

/** A state only the author sees (hidden by an admin, waiting for approval), on the card. */
function StatePill({ icon: Icon, children }: { icon: LucideIcon; children: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-card px-2 py-0.5 text-xs font-semibold text-foreground shadow-sm">
      <Icon className="size-3" aria-hidden="true" />
      {children}
    </span>
  );
}

/** Spec §2 /my-posts: the user's posts with rating, date and counts; each opens its page. */
export function OwnPostGrid({ posts }: { posts: OwnPost[] }) {
  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <ImagePlus className="size-7" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold">You haven’t posted anything yet</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Upload a photo, get your AI rating and post it to the leaderboard.
        </p>
        <Link to="/" className={buttonVariants({ size: 'lg' })}>
          Upload Your First Post
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {posts.map((post) => (
        <li key={post.id}>
          <OwnPostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
