import type { Schema } from '@/lib/api/schema';

/** Spec §3 "Variant in own posts" (GET /api/user/posts, newest first). */
export type OwnPost = Schema<'OwnPostResponse'>;
