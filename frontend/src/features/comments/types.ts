import type { Schema } from '@/lib/api/schema';

/** Spec §3 "Comment" (docs/community.md): replies nested one level, oldest first. */
export type Comment = Schema<'CommentResponse'>;

/**
 * A post's threads as loaded so far: pages of top-level comments (each with its replies), oldest
 * first, and the address of the next page (null once the last is loaded).
 */
export interface LoadedThreads {
  threads: Comment[];
  next: string | null;
}

/** The signed-in user reading the comments, or null. */
export type CommentViewer = { id: string } | null;
