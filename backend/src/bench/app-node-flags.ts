/**
 * The flags Node runs the app with, as `npm start` and the Dockerfile pass them
 * (`test/runtime/node-flags.spec.ts` checks that they agree): the community bench's server runs
 * with them too, so that it measures the app as it is deployed.
 *
 * `--max-semi-space-size=64`: with the read models in memory (1.25 GB of heap at 100,000 posts)
 * a scavenge of the default young generation took 8 to 15 ms and came every 50 ms while a client
 * read threads of comments; a request that met one took ten times as long (the thread's p99 was
 * 9 to 14 times a board page's). With 64 MB semi-spaces (Node 20's default is 16 MB) they come
 * less often, and in the same bench the thread's p99 was 1.4 ms, 1.6 times a board page's.
 */
export const APP_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
