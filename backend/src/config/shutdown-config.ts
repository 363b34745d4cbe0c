/** How the app stops on SIGTERM or SIGINT (see docs/operations.md, "Stopping"). */
export interface ShutdownConfig {
  /**
   * Seconds the requests in flight get to finish once a stop is asked for
   * (`SHUTDOWN_GRACE_SECONDS`); those still running then are cut, and logged.
   */
  graceSeconds: number;
}

const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;

type IntegerSetting = (name: string, fallback: number, min: number, max: number) => number;

/** Reads the shutdown settings with `loadConfig`'s own reader, which records any problem. */
export function shutdownConfig(integer: IntegerSetting): ShutdownConfig {
  return {
    graceSeconds: integer('SHUTDOWN_GRACE_SECONDS', DEFAULT_SHUTDOWN_GRACE_SECONDS, 0, 600),
  };
}
