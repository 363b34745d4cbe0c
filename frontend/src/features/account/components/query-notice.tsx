import type { UseQueryResult } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';

/**
 * What a settings section shows while its list loads or when it failed (with Try again);
 * nothing once the data is there.
 */
export function QueryNotice({
  query,
  loading,
  failed,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch'>;
  loading: string;
  failed: string;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {loading}
      </p>
    );
  }
  if (!query.isError) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      <span>{failed}</span>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
