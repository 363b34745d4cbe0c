import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { PrivacyController } from '../api/privacy/privacy.controller';
import { KeyShredder } from '../application/privacy/key-shredder';
import { PRIVACY_HANDLERS } from '../application/privacy/privacy.providers';
import type { LeasedProjections } from '../infrastructure/projection-runner/leased-projections';
import { AccountsModule } from './accounts.module';
import { CommunityModule } from './community.module';
import { LEASED_PROJECTIONS } from './infrastructure.module';
import { PhotoRatingModule } from './photo-rating.module';
import { registerOnce } from './register-once';
import { erasureLedgerProvider } from '../infrastructure/erasure-ledger/file-erasure-ledger';

/** Finishes erasures from the log beside the projections, under their lease. */
@Injectable()
class PrivacyWorkers implements OnModuleInit {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    private readonly shredder: KeyShredder,
  ) {}

  onModuleInit() {
    this.projections?.addCompanion(this.shredder);
  }
}

/**
 * Personal data rights over an account: export and erasure. Erasure deletes the account's
 * posts and comments through the community's own commands.
 */
@Module({})
export class PrivacyModule {
  static register(options: { api: boolean }): DynamicModule {
    return registerOnce('privacy', options, () => ({
      module: PrivacyModule,
      imports: [
        AccountsModule.register(options),
        CommunityModule.register(options),
        PhotoRatingModule.register(options),
      ],
      controllers: options.api ? [PrivacyController] : [],
      providers: [...PRIVACY_HANDLERS, KeyShredder, PrivacyWorkers, erasureLedgerProvider],
    }));
  }
}
