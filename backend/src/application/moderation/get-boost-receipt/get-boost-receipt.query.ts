import { Query } from '@nestjs/cqrs';

export const BOOST_NOT_FOUND = 'Boost not found';
export const NO_RECEIPT = 'No receipt is available for this boost';

/** The receipt address of the charge that paid for a boost; 404 when Stripe gave none. */
export class GetBoostReceiptQuery extends Query<string> {
  constructor(readonly boostId: string) {
    super();
  }
}
