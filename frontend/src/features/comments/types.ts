import type { Schema } from '@/lib/api/schema';

/** Spec §3 "Comment" (docs/community.md): replies nested one level, oldest first. */
export type Comment = Schema<'CommentResponse'>;

/** The signed-in user reading the comments, or null. */
export type CommentViewer = { id: string } | null;
