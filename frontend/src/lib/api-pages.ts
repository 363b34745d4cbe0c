import { type ApiAnswer, type ApiPath, send } from './api-client';

/**
 * Paged lists: each page's `Link: <…>; rel="next"` header is the next page's address, absent on
 * the last. Apart from the client (./api-client.ts), so that only the pages with such a list
 * load it.
 */

/** One page of a paged list: its items and the address of the next page, if there is one. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/**
 * The `rel="next"` target of an RFC 8288 `Link` header, or null. Handles several links in one
 * header, quoted and unquoted relation values and several relations in one value.
 */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const [, target, params = ''] = match;
    for (const param of params.split(';')) {
      const [name, value = ''] = param.split('=').map((part) => part.trim());
      if (name?.toLowerCase() !== 'rel') continue;
      const relations = value.replace(/^"|"$/g, '').toLowerCase().split(/\s+/);
      if (relations.includes('next') && target) return target;
    }
  }
  return null;
}

/**
 * GET one page of a list at `url`: the first page's address (`apiUrl` of one of the `paths`) or
 * the `Link` header's next page of an earlier one. Its items are typed by those paths' answer.
 */
export async function apiGetPage<P extends ApiPath>(
  url: string,
  signal?: AbortSignal,
): Promise<Page<ApiAnswer<'GET', P> extends readonly (infer Item)[] ? Item : never>> {
  const res = await send('GET', url, { signal });
  return { items: await res.json(), next: nextLink(res.headers.get('Link')) };
}
