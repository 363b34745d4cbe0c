/** Board placeholders: kept apart from the cards so a route's pending view stays light. */

/** The placeholder of a card while a board loads. */
export function PostCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border bg-card" aria-hidden="true">
      <div className="aspect-square animate-pulse bg-muted motion-reduce:animate-none" />
      <div className="flex flex-col gap-2 px-3 py-3">
        <div className="h-3.5 w-2/3 animate-pulse rounded bg-muted motion-reduce:animate-none" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-muted motion-reduce:animate-none" />
      </div>
    </div>
  );
}

/** Spec §2/§9: 2 to 5 columns as the screen widens. */
export const POST_GRID_CLASS =
  'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

export function PostGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <div className={POST_GRID_CLASS}>
      {Array.from({ length: count }, (_, i) => (
        <PostCardSkeleton key={i} />
      ))}
    </div>
  );
}
