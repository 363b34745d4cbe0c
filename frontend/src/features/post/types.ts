import type { Schema } from '@/lib/api/schema';

/** Who is looking at a post: the signed-in user's id, or null for a visitor. */
export type Viewer = { id: string } | null;

/** `GET /api/posts/{id}`: the post with its rank this week and the viewer's own report state. */
export type PostPage = Schema<'PostPageResponse'>;
