import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';

import { makePhoto } from './browser';

/**
 * Rates a photo (makePhoto's seed) and publishes its rating through the api, as the account
 * the request context is signed in as; answers the post's id.
 */
export async function publishRatedPhoto(request: APIRequestContext, seed: number): Promise<string> {
  const rated = await request.post('/api/upload', {
    multipart: {
      image: { name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(seed) },
    },
  });
  expect(rated.status()).toBe(200);
  const published = await request.post('/api/posts/publish', { data: await rated.json() });
  expect(published.status()).toBe(201);
  return ((await published.json()) as { id: string }).id;
}
