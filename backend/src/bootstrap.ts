import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule, type AppOverrides } from './app.module';
import { crossSiteRequestGuard } from './api/security/cross-site-request.middleware';
import { apiValidationPipe } from './api/shared/validation';
import type { AppConfig } from './infrastructure/config/config';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Builds the HTTP application: security headers, the api, the stored images with long-lived
 * caching, and the built frontend with a fallback to index.html for client-side routes.
 */
export async function createApp(
  config: AppConfig,
  overrides: AppOverrides = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, overrides),
    {
      bodyParser: false,
      logger: config.env === 'test' ? ['error'] : ['log', 'warn', 'error'],
    },
  );
  app.enableShutdownHooks();
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  // Before the body is read: a forged cross-site request is refused without reading it.
  app.use('/api', crossSiteRequestGuard(config.publicUrl));
  app.use('/api', express.json({ limit: '64kb' }));
  app.useGlobalPipes(apiValidationPipe());

  app.use(
    '/uploads',
    express.static(join(config.dataDir, 'uploads'), {
      index: false,
      dotfiles: 'ignore',
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
      setHeaders: (res) => res.setHeader('Content-Type', 'image/webp'),
    }),
    (_req: Request, res: Response) => {
      res.status(404).json({ message: 'Image not found' });
    },
  );

  if (existsSync(join(config.frontendDir, 'index.html'))) {
    app.use(
      express.static(config.frontendDir, {
        index: false,
        setHeaders: (res, path) => {
          // Vite fingerprints everything under /assets; the rest may change between releases.
          res.setHeader(
            'Cache-Control',
            path.includes(`${join(config.frontendDir, 'assets')}`)
              ? `public, max-age=${YEAR_SECONDS}, immutable`
              : 'no-cache',
          );
        },
      }),
    );
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path.startsWith('/api/') || req.path === '/api')
        return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(config.frontendDir, 'index.html'));
    });
  }
  return app;
}

function securityHeaders(config: AppConfig) {
  const csp = [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https://checkout.stripe.com",
  ].join('; ');
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    res.setHeader('Content-Security-Policy', csp);
    if (config.env === 'production') {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    next();
  };
}
