import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimitedError } from '../../application/ports/rate-limiter.port';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';

/**
 * Uploads one address may have in progress at once, each holding at most one place in the
 * content gate's queue: eleven at once from one address would fill it, and everyone else would
 * be told the gate is busy.
 */
export const UPLOADS_IN_PROGRESS_PER_ADDRESS = 2;
/** What a refused upload is told to wait: about as long as a photo takes to be checked. */
const RETRY_AFTER_MS = 5_000;

/**
 * The uploads in progress in this process, by address key. In-process on purpose: the gate's
 * queue is this process's own, so the places it has to share are too.
 */
@Injectable()
export class UploadsInProgress {
  private readonly byAddress = new Map<string, number>();

  /** Takes a place for the address, or answers false when it holds all of its own. */
  enter(addressKey: string): boolean {
    const held = this.byAddress.get(addressKey) ?? 0;
    if (held >= UPLOADS_IN_PROGRESS_PER_ADDRESS) return false;
    this.byAddress.set(addressKey, held + 1);
    return true;
  }

  leave(addressKey: string): void {
    const held = this.byAddress.get(addressKey) ?? 0;
    if (held <= 1) this.byAddress.delete(addressKey);
    else this.byAddress.set(addressKey, held - 1);
  }
}

/**
 * An upload holds one of its address's places from before its body is read until its answer is
 * complete (or the client goes away). A third at once is answered 429 with Retry-After at once,
 * before its body is read: it takes no place, in the gate's queue nor in the hourly allowance.
 */
@Injectable()
export class UploadPlaceGuard implements CanActivate {
  constructor(
    private readonly inProgress: UploadsInProgress,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const key = this.identity.visitorKey(http.getRequest<Request>());
    if (!this.inProgress.enter(key)) {
      throw new RateLimitedError(
        `You already have ${UPLOADS_IN_PROGRESS_PER_ADDRESS} photos being checked. Please wait until one is done before sending another.`,
        RETRY_AFTER_MS,
      );
    }
    // 'close' comes once the answer is sent, or when the client goes away before it is.
    http.getResponse<Response>().once('close', () => this.inProgress.leave(key));
    return true;
  }
}
