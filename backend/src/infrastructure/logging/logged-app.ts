import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

@Module({})
class LoggedApp {}

/**
 * The app with Nest's own logger routed through pino (nestjs-pino): every `new Logger(context)`
 * line comes out in the request lines' format, and a line logged while a request is handled
 * carries its id. The request lines come from the middleware `createApp` mounts first (so files
 * and 404s are logged too), hence `useExisting`.
 */
export function withLogs(app: DynamicModule, logger: Logger): DynamicModule {
  return {
    module: LoggedApp,
    imports: [LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true }), app],
  };
}
