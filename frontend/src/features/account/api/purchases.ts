import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import type { Schema } from '@/lib/api/schema';

/** One of the account's boosts or donations (GET /api/user/purchases). */
export type Purchase = Schema<'PurchaseResponse'>;

const PURCHASES_URL = '/api/user/purchases' as const;
export const PURCHASES_PAGE_SIZE = 10;

/** A page of the account's own purchases, newest first; the page shown stays while the next loads. */
export function usePurchases(page: number) {
  return useQuery({
    queryKey: [PURCHASES_URL, page] as const,
    queryFn: ({ signal }) =>
      apiGet(PURCHASES_URL, { params: { query: { page, pageSize: PURCHASES_PAGE_SIZE } }, signal }),
    placeholderData: keepPreviousData,
  });
}
