import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';

/** Shown while a route's code or data loads. */
export function RoutePending({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <div className="flex items-center gap-3 text-muted-foreground">
        <Spinner />
        <span role="status">{label}</span>
      </div>
      <Skeleton className="h-10 w-2/3 max-w-md" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
