import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import type { Actor } from '../../domain/shared/event';

export const CLIENT_IDENTITY = Symbol('ClientIdentity');

/**
 * A visitor is known by a keyed hash of their address: enough to rate-limit and to tie an
 * upload to a later publish, without keeping the address itself in the log.
 */
export class ClientIdentity {
  constructor(private readonly secret: string) {}

  visitorKey(request: Request): string {
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    return createHmac('sha256', this.secret).update(address).digest('hex').slice(0, 24);
  }

  visitor(request: Request): Actor {
    return { type: 'visitor', id: this.visitorKey(request) };
  }
}
