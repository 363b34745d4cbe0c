import { notFound } from '@tanstack/react-router';

import { errorStatus } from './api-client';

/**
 * A loader's read, with a 404 turned into the route's not-found page (`notFoundComponent`). A
 * route error would be drawn by the server, but thrown again by the browser hydrating that page,
 * which then throws the server's markup away; a not-found match is drawn alike by both.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (errorStatus(error) === 404) throw notFound();
    throw error;
  }
}
