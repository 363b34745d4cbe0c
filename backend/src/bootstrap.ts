import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { NativeLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule, type AppOverrides } from './app.module';
import { compressAnswers, precompressedAssets } from './api/compression/compression.middleware';
import { toHttpError } from './api/errors/http-error.filter';
import { buildOpenApiDocument, OPENAPI_PATH } from './api/openapi/openapi-document';
import { AGE_CHECK_PATH, ageCheck } from './api/gate/age-check';
import { markLocalCheckout } from './api/payments/local-checkout-mark';
import { PAYMENTS, type PaymentGateway } from './application/ports/payments.port';
import { crossSiteRequestGuard } from './api/security/cross-site-request.middleware';
import { inlineScriptHashes, securityHeaders } from './api/security/security-headers.middleware';
import { strongEtag } from './api/shared/etag';
import { apiValidationPipe } from './api/shared/validation';
import { assertJsonDepth } from './api/security/json-depth';
import { requestIds } from './api/shared/request-id';
import { appPage } from './api/share/app-page';
import { BoardAnswers } from './api/community/board-answers';
import { PublicReads } from './api/ssr/public-reads';
import { loadPageRenderer, ServerRenderedPages } from './api/ssr/server-rendered-pages';
import { CLOCK, type Clock } from './application/shared/clock';
import { storedImages } from './api/upload/stored-images';
import { SessionCookies } from './api/auth/session-cookies';
import { CLIENT_IDENTITY, type ClientIdentity } from './api/shared/client-identity';
import { AccountReads } from './application/accounts/account-reads';
import { readAppRoutes } from './api/share/app-routes';
import { keepIdleConnections } from './infrastructure/http/idle-connections';
import { ExpressAdapter } from '@nestjs/platform-express';
import { createAppLogger } from './infrastructure/logging/app-logger';
import { withLogs } from './infrastructure/logging/logged-app';
import { withStartUpAtDebug } from './infrastructure/logging/start-up-chatter';
import { requestLogging, servedAsFiles } from './infrastructure/logging/request-logging';
import type { AppMetrics } from './infrastructure/metrics/app-metrics';
import {
  measureRequests,
  METRICS_PATH,
  metricsEndpoint,
} from './infrastructure/metrics/metrics-http';
import { METRICS } from './application/ports/metrics.port';
import {
  type RequestRoundTrips,
  ROUND_TRIPS,
} from './infrastructure/round-trips/request-round-trips';
import type { AppConfig } from './config/config';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Builds the HTTP application: security headers, compression of JSON and HTML answers, the api,
 * the stored images (each only while someone may see it), and the built frontend (its precompressed copies
 * first) with a fallback to index.html for client-side routes.
 */
export async function createApp(
  config: AppConfig,
  { logDestination, ...overrides }: AppOptions = {},
): Promise<NestExpressApplication> {
  const logger = createAppLogger(config.logs, logDestination);
  const app = await NestFactory.create<NestExpressApplication>(
    withLogs(AppModule.forRoot(config, overrides), logger),
    new ExpressAdapter(),
    { bodyParser: false, bufferLogs: true },
  );
  app.useLogger(withStartUpAtDebug(app.get(NativeLogger)));
  app.flushLogs();
  // First: every answer, a file's or a 404 included, carries the request's id and is logged.
  app.use(requestIds(), requestLogging(logger));
  const metrics = app.get<AppMetrics>(METRICS);
  app.use(measureRequests(metrics));
  answerMalformedRequestsAsJson(app.getHttpServer() as Server);
  keepIdleConnections(app.getHttpServer() as Server);
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // No ETag hashed from every answer's body: api answers are not stored (no-store), and the
  // answers worth revalidating (board pages, the app's page, the api document) set their own.
  app.set('etag', false);
  const indexPath = join(config.frontendDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  app.use(
    securityHeaders({
      production: config.env === 'production',
      scriptHashes: inlineScriptHashes(indexHtml ?? ''),
    }),
  );
  app.use(compressAnswers());
  // Before the body is read: a forged cross-site request is refused without reading it.
  app.use('/api', crossSiteRequestGuard(config.publicUrl));
  app.use('/checkout', crossSiteRequestGuard(config.publicUrl));
  // Stripe signs the exact bytes it sent: the webhook reads them raw (before the JSON parser,
  // which then leaves the request alone). Stripe's POST carries no browser headers, so the
  // cross-site guard above lets it through.
  app.use('/api/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), bodyParserErrors);
  // Nesting is refused from the raw bytes, before the parser and the validation pipe recurse.
  const jsonBodies = express.json({
    limit: '64kb',
    verify: (_req, _res, body) => assertJsonDepth(body),
  });
  // GET and HEAD carry no body the api reads: they skip the parser.
  app.use(
    '/api',
    (req: Request, res: Response, next: NextFunction) =>
      req.method === 'GET' || req.method === 'HEAD' ? next() : jsonBodies(req, res, next),
    bodyParserErrors,
  );
  // After the body parsers (see `RequestRoundTrips.middleware`): each request's store calls.
  const roundTrips = app.get<RequestRoundTrips>(ROUND_TRIPS);
  roundTrips.watch(({ method, route, roundTrips: count }) => {
    if (route !== null) metrics.requestRoundTrips(method, route, count);
  });
  app.use(roundTrips.middleware());
  app.useGlobalPipes(apiValidationPipe());
  await serveOpenApiDocument(app);
  // Not under /api (Prometheus' convention) and not in the api document; closed without a token.
  const server: express.Express = app.getHttpAdapter().getInstance();
  server.get(METRICS_PATH, metricsEndpoint(metrics, config.metricsToken));
  // The age gate's form where no script runs: a small form body, from this site only.
  server.post(
    AGE_CHECK_PATH,
    crossSiteRequestGuard(config.publicUrl),
    express.urlencoded({ extended: false, limit: '4kb' }),
    bodyParserErrors,
    ageCheck(config.publicUrl),
  );

  app.use(
    '/uploads',
    storedImages({
      uploadsDir: join(config.dataDir, 'uploads'),
      queryBus: app.get(QueryBus),
      accounts: app.get(AccountReads),
      cookies: app.get(SessionCookies),
      identity: app.get<ClientIdentity>(CLIENT_IDENTITY),
    }),
  );

  if (indexHtml !== null) {
    // Vite fingerprints everything under /assets; the rest may change between releases.
    const cacheControl = (urlPath: string) =>
      urlPath.startsWith('/assets/') ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache';
    // Their successes are logged at debug (see servedAsFiles): a page loads dozens of them.
    const precompressed = servedAsFiles(precompressedAssets(config.frontendDir, cacheControl));
    const frontendFiles = servedAsFiles(
      express.static(config.frontendDir, {
        index: false,
        setHeaders: (res, path) =>
          res.setHeader(
            'Cache-Control',
            cacheControl(`/${relative(config.frontendDir, path).split(sep).join('/')}`),
          ),
      }),
    );
    // The api's routes are registered after these: without the check, every api request
    // would first look for a file of its path on disk.
    app.use((req: Request, res: Response, next: NextFunction) =>
      isApiPath(req.path) ? next() : precompressed(req, res, next),
    );
    app.use((req: Request, res: Response, next: NextFunction) =>
      isApiPath(req.path) ? next() : frontendFiles(req, res, next),
    );

    const renderer = loadPageRenderer(config.frontendDir);
    const pages =
      renderer &&
      new ServerRenderedPages(
        renderer,
        new PublicReads(app.get(QueryBus), app.get(BoardAnswers)),
        app.get(CommandBus),
        app.get<Clock>(CLOCK),
        config.publicUrl,
      );
    app.use(
      appPage({
        pages,
        indexHtml: app.get<PaymentGateway>(PAYMENTS).localCheckout
          ? markLocalCheckout(indexHtml)
          : indexHtml,
        adminLoginPath: config.adminLoginPath,
        publicUrl: config.publicUrl,
        queryBus: app.get(QueryBus),
        isAppRoute: readAppRoutes(config.frontendDir),
        isServerPath: (path) =>
          isApiPath(path) ||
          path === AGE_CHECK_PATH ||
          path.startsWith('/checkout/') ||
          path.startsWith('/receipts/') ||
          path.startsWith('/dev/'),
      }),
    );
  }
  return app;
}

/** What a caller may hand `createApp`: adapters to use, and where the log goes (tests). */
export type AppOptions = AppOverrides & { logDestination?: DestinationStream };

/** Paths the frontend never answers: the api's, and the metrics route (404 when closed). */
function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === METRICS_PATH;
}

/**
 * The api's own description (docs/api.md), generated once from the registered controllers: the
 * routes are fixed at start, so the document is too.
 */
async function serveOpenApiDocument(app: NestExpressApplication): Promise<void> {
  const body = JSON.stringify(await buildOpenApiDocument(app));
  const etag = strongEtag(body);
  const server: express.Express = app.getHttpAdapter().getInstance();
  server.get(OPENAPI_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    res.type('json').send(body);
  });
}

/**
 * Requests Node refuses before any route sees them (an address or headers past its 16 KB
 * limit, a malformed request line, a request too slow to arrive) get the api's error shape
 * instead of Node's empty answer.
 */
function answerMalformedRequestsAsJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [
            '431 Request Header Fields Too Large',
            'The address or headers of the request are too long',
          ]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['408 Request Timeout', 'The request took too long to arrive']
          : ['400 Bad Request', 'The request is not valid HTTP'];
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * The JSON body parser fails before Nest sees the request, so its errors are answered here,
 * through the same mapping as the exception filter.
 */
function bodyParserErrors(error: unknown, _req: Request, res: Response, _next: NextFunction) {
  const { status, message } = toHttpError(error);
  res.status(status).json({ message });
}
