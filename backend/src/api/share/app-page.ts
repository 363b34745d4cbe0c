import { Logger } from '@nestjs/common';
import type { QueryBus } from '@nestjs/cqrs';
import type { NextFunction, Request, Response } from 'express';
import { markAsAdminLoginPage } from '../admin-auth/admin-login-page';
import { passedAgeGate } from '../gate/age-check';
import { HTML_TYPE, sendBytes } from '../compression/compression.middleware';
import { strongEtag } from '../shared/etag';
import {
  isServerRenderedPath,
  NOT_FOUND_PAGE_URL,
  type PageFrame,
  type ServerRenderedPages,
  type SentPage,
} from '../ssr/server-rendered-pages';
import type { AppRoutes } from './app-routes';
import { withHead } from './page-head';
import { ShareHeads } from './share-heads';

export interface AppPageOptions {
  /** The built index.html. */
  indexHtml: string;
  adminLoginPath: string;
  publicUrl: string;
  queryBus: QueryBus;
  /** Paths that are never the app's page (the api's, the checkout pages). */
  isServerPath: (path: string) => boolean;
  /** The app's pages (app-routes): any other path gets the page with status 404. */
  isAppRoute: AppRoutes;
  /** The public pages' render (none when the build has no server bundle). */
  pages: ServerRenderedPages | null;
}

/** A document sent many times, with its ETag hashed once. */
interface Page {
  html: string;
  etag: string;
}

const page = (html: string): Page => ({ html, etag: strongEtag(html) });

/**
 * The SPA fallback: every client-side route gets the app's page. Posts, profiles and the
 * leaderboard get their own head (title, link preview tags); a missing, hidden or erased post or
 * profile, or an unknown path, gets the generic page with 404, so crawlers and unfurlers do not
 * index it. The hidden admin sign-in path gets the marker admin-login-page looks for. Public pages
 * come server-rendered (ServerRenderedPages); should the render fail, the browser renders them.
 */
export function appPage(options: AppPageOptions) {
  const logger = new Logger('AppPage');
  const generic = page(options.indexHtml);
  const adminLogin = page(markAsAdminLoginPage(options.indexHtml));
  const heads = new ShareHeads(options.queryBus, options.publicUrl);

  const send = (res: Response, { html, etag }: Page, status = 200) => {
    res.status(status);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    res.type('html').send(html);
  };

  /**
   * Sends the page at the request's address rendered in the frame `frame` gives; false when it
   * could not be rendered (nothing is sent: the page goes out unrendered).
   */
  const sendRendered = async (
    req: Request,
    res: Response,
    frame: () => Promise<PageFrame>,
    url = req.originalUrl,
  ): Promise<boolean> => {
    if (!options.pages) return false;
    let sent: SentPage;
    try {
      sent = await options.pages.of(url, frame, {
        ageVerified: passedAgeGate(req),
      });
    } catch (error) {
      logger.warn(`A page went unrendered: ${(error as Error).message}`);
      return false;
    }
    res.status(sent.status);
    res.setHeader('Cache-Control', 'no-cache');
    // Drawn with or without the age gate, by the visitor's cookie.
    res.vary('Cookie');
    res.setHeader('ETag', sent.etag);
    sendBytes(res, HTML_TYPE, sent.body, sent.compressed);
    return true;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    if (!['GET', 'HEAD'].includes(req.method) || options.isServerPath(req.path)) return next();
    // A missing script or file is a 404, not the app's page (which a browser would try to run
    // as the script).
    if (req.path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (req.path === options.adminLoginPath) {
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      send(res, adminLogin);
      return;
    }
    if (!options.isAppRoute(req.path)) {
      const notFound = async () => ({ template: options.indexHtml, status: 404 });
      // One page for every such path (it names none): a made-up path costs no render.
      if (!(await sendRendered(req, res, notFound, NOT_FOUND_PAGE_URL))) send(res, generic, 404);
      return;
    }
    const frame = async (): Promise<PageFrame> => {
      const shared = await heads.of(req.path);
      const template = shared ? withHead(options.indexHtml, shared.head) : options.indexHtml;
      return { template, status: shared === null ? 404 : 200 };
    };
    // A kept page answers without reading its head again: both are kept at one position.
    if (isServerRenderedPath(req.path) && (await sendRendered(req, res, frame))) return;
    let shared;
    try {
      shared = await heads.of(req.path);
    } catch (error) {
      // The page still works without its preview: the app reads the post itself.
      logger.warn(`No link preview for a page: ${(error as Error).message}`);
      send(res, generic);
      return;
    }
    if (shared) send(res, page(withHead(options.indexHtml, shared.head)));
    else send(res, generic, shared === null ? 404 : 200);
  };
}
