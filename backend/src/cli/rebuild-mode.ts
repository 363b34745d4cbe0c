/**
 * Whether `projections-rebuild` asks the running app to rebuild online (the production stack
 * without `--offline`) rather than rebuilding here. Against the servers it cannot tell whether
 * the site runs, so a rebuild with the site stopped (a restore) must say `--offline`.
 */
export function asksTheRunningApp(
  args: readonly string[],
  config: { mongoUrl: string | null | undefined; eventStoreUrl: string | null | undefined },
): boolean {
  return Boolean(config.mongoUrl && config.eventStoreUrl) && !args.includes('--offline');
}
