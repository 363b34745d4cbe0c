import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { CLOCK, type Clock } from '../../application/shared/clock';
import { countInWindow, HOUR_MS, inMinutes } from '../../application/shared/fixed-window';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { READ_STORE, type ReadStore } from '../../application/ports/read-store.port';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';

/**
 * Uploads cost real money (the AI rater) and disk, so each address gets a number of them per
 * clock hour. Runs before the body is read, so a refused upload is not even received.
 */
@Injectable()
export class UploadRateLimitGuard implements CanActivate {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const { count, resetsInMs } = await countInWindow(
      this.readStore,
      `upload:${this.identity.visitorKey(request)}`,
      HOUR_MS,
      this.clock.now(),
    );
    if (count <= this.config.uploadLimitPerHour) return true;

    http.getResponse<Response>().setHeader('Retry-After', String(Math.ceil(resetsInMs / 1000)));
    throw new HttpException(
      `You have reached the limit of ${this.config.uploadLimitPerHour} photos an hour. Please try again ${inMinutes(resetsInMs)}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
