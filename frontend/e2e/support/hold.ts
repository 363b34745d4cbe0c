import type { Page } from 'playwright-core';

/**
 * Holds the page's next request to `url` until the test lets it go, to look at what the page
 * shows while it waits however fast the server answers. `held` resolves once the request is
 * held. One request only: the route goes with it, and later ones pass.
 */
export async function holdNextRequest(page: Page, url: string | ((url: URL) => boolean)) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  await page.route(
    url,
    async (route) => {
      reached();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return { held, release };
}
