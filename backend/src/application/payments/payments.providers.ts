import type { Provider } from '@nestjs/common';
import { ApplyBoostHandler } from './apply-boost/apply-boost.handler';
import { StripeNotices } from './stripe-notices';
import { Checkouts } from './checkouts';
import { ConfirmCheckoutHandler } from './confirm-checkout/confirm-checkout.handler';
import { FulfilmentReactor } from './fulfil-payment/fulfilment-reactor';
import { StripeLookups } from './fulfil-payment/stripe-lookups';
import { GetPostBoostHandler } from './get-post-boost/get-post-boost.handler';
import { GetUnclaimedBoostsHandler } from './get-unclaimed-boosts/get-unclaimed-boosts.handler';
import { ListOwnPurchasesHandler } from './list-own-purchases/list-own-purchases.handler';
import { PayLocalCheckoutHandler } from './pay-local-checkout/pay-local-checkout.handler';
import { StartBoostCheckoutHandler } from './start-boost-checkout/start-boost-checkout.handler';
import { StartDonationCheckoutHandler } from './start-donation-checkout/start-donation-checkout.handler';

/** The payments context's use cases, what they share, its fulfilment reactor and worker. */
export const paymentsProviders: Provider[] = [
  Checkouts,
  FulfilmentReactor,
  StripeLookups,
  StripeNotices,
  StartBoostCheckoutHandler,
  StartDonationCheckoutHandler,
  ConfirmCheckoutHandler,
  PayLocalCheckoutHandler,
  ApplyBoostHandler,
  GetUnclaimedBoostsHandler,
  GetPostBoostHandler,
  ListOwnPurchasesHandler,
];
