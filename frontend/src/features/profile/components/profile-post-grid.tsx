import { Link } from '@tanstack/react-router';
import { Heart, ImageOff, MessageCircle } from 'lucide-react';

import { BoostBadge } from '@/components/boost-badge';
import { CrowdVotes } from '@/components/crowd-votes';
import { ScoreBadge } from '@/components/score-badge';
import { pluralWord } from '@/lib/plural';

import type { ProfilePost } from '../types';

/**
 * Spec §2 shows a boosted post's boost badge (Mega Boost or Boost) in place of its rating; the
 * rating stays beside the badge here, as on the boards and in My Posts: a boost buys placement,
 * not a hidden score.
 */
function RatingAndBoost({ post }: { post: ProfilePost }) {
  return (
    <>
      <ScoreBadge rating={post.overallRating} />
      {post.isBoosted ? <BoostBadge boostType={post.boostType} /> : null}
    </>
  );
}

/** Spec §2: the user's posts, each linking to /post/{id}; 'No posts yet' when there are none. */
export function ProfilePostGrid({ posts }: { posts: ProfilePost[] }) {
  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
        <ImageOff className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-semibold">No posts yet</p>
        <p className="text-sm text-muted-foreground">
          Posts shared to the leaderboard show up here.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {posts.map((post) => (
        <li key={post.id}>
          <Link
            to="/post/$id"
            params={{ id: post.id }}
            className="group block overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md"
          >
            <div className="relative aspect-square bg-muted">
              <img
                src={post.thumbnailUrl || post.imageUrl}
                alt="Post photo"
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform group-hover:scale-[1.02] motion-reduce:transition-none"
              />
              <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
                <RatingAndBoost post={post} />
              </div>
            </div>
            <div className="flex items-center gap-4 px-3 py-2 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Heart className="size-4" aria-hidden="true" />
                <span className="tabular-nums">{post.likesCount}</span>
                <span className="sr-only">{` ${pluralWord(post.likesCount, 'like')}`}</span>
              </span>
              <span className="inline-flex items-center gap-1">
                <MessageCircle className="size-4" aria-hidden="true" />
                <span className="tabular-nums">{post.commentsCount}</span>
                <span className="sr-only">{` ${pluralWord(post.commentsCount, 'comment')}`}</span>
              </span>
              <CrowdVotes average={post.communityAverage} voteCount={post.voteCount} />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
