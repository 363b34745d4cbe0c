import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ERASURE_EVENT } from '../../../domain/shared/personal-data';
import { accountStreams } from '../../accounts/account-secrets';
import { PERSONAL_DATA_KEYS, type PersonalDataKeys } from '../../ports/personal-data-keys.port';
import { StreamWrites } from '../../shared/stream-writes';
import { EraseAccountHandler } from '../erase-account/erase-account.handler';
import { ReapplyErasureCommand, type ReappliedErasure } from './reapply-erasure.command';

/**
 * Erases again, after a restore, an account the erasure ledger says was erased: the same steps
 * as the erasure (content, pictures, names, `AccountErased`, the key), so the projections forget
 * it as they did the first time. An account the restored log already shows erased, or does not
 * know, only has its key destroyed (a key the restored key store may still hold).
 */
@CommandHandler(ReapplyErasureCommand)
export class ReapplyErasureHandler implements ICommandHandler<
  ReapplyErasureCommand,
  ReappliedErasure
> {
  constructor(
    private readonly erasure: EraseAccountHandler,
    private readonly writes: StreamWrites,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
  ) {}

  async execute({ userId, correlationId }: ReapplyErasureCommand): Promise<ReappliedErasure> {
    if (await this.erasure.eraseAgain(userId, correlationId)) return 'erased';
    await this.keys.destroy(userId);
    const stream = await this.writes.streamEvents(accountStreams.user(userId));
    return stream.some((event) => event.type === ERASURE_EVENT) ? 'already-erased' : 'not-in-log';
  }
}
