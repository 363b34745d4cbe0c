import type { QueryClient } from '@tanstack/react-query';

import { POSTS_ROOT } from './post-keys';

/** The figures a post shows wherever it is listed: its page, cards and grids. */
export interface PostFigures {
  likesCount: number;
  commentsCount: number;
  averageRating: string | null;
  voteCount: number;
}

/** New figures, each a value or a change of the figure a read holds. */
export type FigureChange = {
  [K in keyof PostFigures]?: PostFigures[K] | ((current: PostFigures[K]) => PostFigures[K]);
};

/**
 * Changes a post's figures in every cached read that shows posts (`post-keys.ts`): the query client
 * keeps data until told otherwise, so a like on the post page would leave the cards behind it with
 * the old count. Wherever an object with the post's `id` sits in a read, the figures it carries are
 * changed and nothing else, so each read keeps its own shape.
 */
export function patchPostFigures(
  queryClient: QueryClient,
  postId: string,
  change: FigureChange,
): void {
  const queries = queryClient.getQueryCache().findAll({ queryKey: [POSTS_ROOT] });
  for (const { queryKey } of queries) {
    // Answering undefined leaves the read untouched (no new data, no render).
    queryClient.setQueryData(queryKey, (data: unknown) => patched(data, postId, change));
  }
}

/** `value` with the post's figures changed, or undefined when it holds nothing to change. */
function patched(value: unknown, postId: string, change: FigureChange): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item: unknown) => {
      const next = patched(item, postId, change);
      if (next === undefined) return item;
      changed = true;
      return next;
    });
    return changed ? items : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (record.id === postId) return withFigures(record, change);
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(record)) {
    const next = patched(child, postId, change);
    if (next !== undefined) (copy ??= { ...record })[key] = next;
  }
  return copy;
}

function withFigures(record: Record<string, unknown>, change: FigureChange) {
  let copy: Record<string, unknown> | undefined;
  for (const [name, figure] of Object.entries(change)) {
    if (!(name in record)) continue;
    const next: unknown =
      typeof figure === 'function'
        ? (figure as (current: unknown) => unknown)(record[name])
        : figure;
    if (next !== record[name]) (copy ??= { ...record })[name] = next;
  }
  return copy;
}
