import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * The router's default error and not-found pages, loaded when first shown: most visits see
 * neither, so they stay out of the first download. The router loads a route's lazy parts before
 * it renders them, as it does for the pages each route splits off.
 */
export const LazyRouteError = lazyRouteComponent(
  () => import('@/components/route-error'),
  'RouteError',
);

export const LazyNotFoundPage = lazyRouteComponent(
  () => import('@/components/not-found-page'),
  'NotFoundPage',
);
