import { Link } from '@tanstack/react-router';
import { Heart, MessageCircle } from 'lucide-react';

import { BoostBadge } from '@/components/boost-badge';
import { CrowdVotes } from '@/components/crowd-votes';
import { ScoreBadge } from '@/components/score-badge';
import { cn } from '@/lib/cn';
import { authorName, type Post } from '@/types/api';
import { pluralWord } from '@/lib/plural';

import { hasRankBadge, RankBadge } from './rank-badge';

interface PostCardProps {
  post: Post;
  /** Show the 1st to 5th badges (the weekly board). */
  showRank?: boolean;
  /**
   * A card in the board's first rows: its photo loads at once and first (the page's largest
   * paint on a phone), where the cards further down wait until they are scrolled near.
   */
  priority?: boolean;
}

/** A post on a board: photo, rating, boost or rank, author and counts; opens /post/{id}. */
export function PostCard({ post, showRank = false, priority = false }: PostCardProps) {
  const name = authorName(post);
  const ranked = showRank && hasRankBadge(post.rank);
  return (
    <Link
      to="/post/$id"
      params={{ id: post.id }}
      className={cn(
        'group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        // Spec §9: mega boosts have the bigger border.
        post.isBoosted && post.boostType === 'mega' && 'border-warning ring-2 ring-warning',
        post.isBoosted && post.boostType === 'regular' && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="relative aspect-square bg-muted">
        <img
          src={post.thumbnailUrl || post.imageUrl}
          alt={`Photo by ${name}`}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        {/* Each badge keeps to one line, however narrow the card (two columns on a phone). */}
        <div className="absolute inset-x-2 top-2 flex items-start justify-between gap-1">
          <div className="flex min-w-0 flex-col items-start gap-1">
            {ranked ? <RankBadge rank={post.rank!} /> : null}
            {post.isBoosted ? (
              <BoostBadge boostType={post.boostType} className="whitespace-nowrap" />
            ) : null}
          </div>
          <ScoreBadge rating={post.averageRating} className="shrink-0 whitespace-nowrap" />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 px-3 py-2">
        <p className="truncate text-sm font-semibold" title={name}>
          {name}
        </p>
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Heart className="size-3.5" aria-hidden="true" />
            <span className="tabular-nums">{post.likesCount}</span>
            <span className="sr-only">{` ${pluralWord(post.likesCount, 'like')}`}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageCircle className="size-3.5" aria-hidden="true" />
            <span className="tabular-nums">{post.commentsCount}</span>
            <span className="sr-only">{` ${pluralWord(post.commentsCount, 'comment')}`}</span>
          </span>
          <CrowdVotes average={post.communityAverage} voteCount={post.voteCount} />
        </div>
      </div>
    </Link>
  );
}
