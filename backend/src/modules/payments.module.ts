import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { LocalCheckoutController } from '../api/payments/local-checkout.controller';
import { LocalReceiptController } from '../api/payments/local-receipt.controller';
import { PaymentsController } from '../api/payments/payments.controller';
import { BoostExpiry } from '../application/community/boost-expiry';
import { FulfilmentReactor } from '../application/payments/fulfil-payment/fulfilment-reactor';
import { StripeLookups } from '../application/payments/fulfil-payment/stripe-lookups';
import { paymentsProviders } from '../application/payments/payments.providers';
import type { LeasedProjections } from '../infrastructure/projection-runner/leased-projections';
import { AccountsModule } from './accounts.module';
import { CommunityModule } from './community.module';
import { LEASED_PROJECTIONS } from './infrastructure.module';
import { registerOnce } from './register-once';

/**
 * Fulfils payments, asks the provider about the purchases that need it (off the fulfilment's
 * subscription) and ends boosts as they run out, beside the projections, under their lease.
 */
@Injectable()
class PaymentsWorkers implements OnModuleInit {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    private readonly expiry: BoostExpiry,
    private readonly fulfilment: FulfilmentReactor,
    private readonly lookups: StripeLookups,
  ) {}

  onModuleInit() {
    this.projections?.addCompanion(this.fulfilment);
    this.projections?.addCompanion(this.lookups);
    this.projections?.addCompanion(this.expiry);
  }
}

/**
 * Boosts and donations: Stripe Checkout (or the local checkout), the webhook recorded as
 * events and fulfilled by its reactor, the boosts read model's queries and the expiry worker.
 */
@Module({})
export class PaymentsModule {
  static register(options: { api: boolean }): DynamicModule {
    return registerOnce('payments', options, () => ({
      module: PaymentsModule,
      imports: [AccountsModule.register(options), CommunityModule.register(options)],
      // The checkout and receipt pages answer 404 for every id when Stripe is configured.
      controllers: options.api
        ? [PaymentsController, LocalCheckoutController, LocalReceiptController]
        : [],
      providers: [...paymentsProviders, PaymentsWorkers],
    }));
  }
}
