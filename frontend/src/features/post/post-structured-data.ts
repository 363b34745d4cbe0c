import { authorName } from '@/types/api';

import type { PostPage } from './types';

/**
 * A post page's JSON-LD (schema.org): the photo as an `ImageObject` with its rating as an
 * `AggregateRating` out of 10 over the AI's score and the community's ratings. A post nobody
 * rated has none. `publicUrl` is the site's address (no trailing slash).
 */
export function postStructuredData(post: PostPage, publicUrl: string): Record<string, unknown> {
  const ratings = post.voteCount + (post.aiRating ? 1 : 0);
  const name = authorName(post);
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageObject',
    contentUrl: `${publicUrl}${post.imageUrl}`,
    thumbnailUrl: `${publicUrl}${post.thumbnailUrl}`,
    url: `${publicUrl}/post/${encodeURIComponent(post.id)}`,
    name: `A photo by ${name} on SoleScore`,
    uploadDate: post.createdAt,
    author: { '@type': 'Person', name },
    interactionStatistic: [
      {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/LikeAction',
        userInteractionCount: post.likesCount,
      },
      {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/CommentAction',
        userInteractionCount: post.commentsCount,
      },
    ],
    ...(post.averageRating !== null && ratings > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: post.averageRating,
            bestRating: 10,
            worstRating: 0,
            ratingCount: ratings,
          },
        }
      : {}),
  };
}
