import { postsKey } from '@/lib/post-keys';

/** Query keys of the payments screens: each names the API path it reads. */
export const boostKeys = {
  unclaimed: ['/api/boosts/unclaimed'] as const,
  /** A post's boost, among its reads (`lib/post-keys.ts`). */
  ofPost: (postId: string) => postsKey('/api/posts', postId, 'boost'),
};

/** Spec §9 prices, as shown (the server charges its own prices, never the browser's). */
export const BOOST_PLANS = {
  regular: { label: 'Regular Boost', price: '$1.99', duration: '24 hours' },
  mega: { label: 'Mega Boost', price: '$9.99', duration: '7 days' },
} as const;
