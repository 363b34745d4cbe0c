/**
 * The flags Node runs the app with, as `npm start` and the Dockerfile pass them
 * (`test/runtime/node-flags.spec.ts` checks that they agree): the community bench's server runs
 * with them too, so that it measures the app as it is deployed.
 *
 * `--max-semi-space-size=64`: with the read models in memory, scavenges of the default young
 * generation came often enough that a request meeting one set the thread's p99; larger semi-spaces
 * make them rarer (docs/decisions/young-generation-size.md, figures in docs/bench/history.md).
 */
export const APP_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
