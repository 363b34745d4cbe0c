import type { LoggerService } from '@nestjs/common';

/**
 * Nest's own start-up lines: one per module (InstanceLoader), per controller (RoutesResolver) and
 * per route (RouterExplorer), and its "starting" and "started" lines. At `info` they buried the
 * few lines that say what the app runs on and where: they are kept, at `debug` (`LOG_LEVEL=debug`
 * shows them).
 */
const START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** Nest's logger, with its start-up lines (`START_UP_CONTEXTS`) moved from `log` to `debug`. */
export function withStartUpAtDebug(logger: LoggerService): LoggerService {
  const contextOf = (params: unknown[]) => params.at(-1);
  return {
    log: (message: unknown, ...params: unknown[]) => {
      const context = contextOf(params);
      if (typeof context === 'string' && START_UP_CONTEXTS.has(context) && logger.debug) {
        logger.debug(message, ...params);
      } else {
        logger.log(message, ...params);
      }
    },
    error: (message: unknown, ...params: unknown[]) => logger.error(message, ...params),
    warn: (message: unknown, ...params: unknown[]) => logger.warn(message, ...params),
    debug: (message: unknown, ...params: unknown[]) => logger.debug?.(message, ...params),
    verbose: (message: unknown, ...params: unknown[]) => logger.verbose?.(message, ...params),
    fatal: (message: unknown, ...params: unknown[]) => logger.fatal?.(message, ...params),
  };
}
