import { deciderSpecification } from '../shared/testing/decider-specification';
import { namesByLookDecider, type NamesByLookEvent } from './names-by-look.decider';

const spec = deciderSpecification(namesByLookDecider);
const kept = (userId: string, heldBy: string): NamesByLookEvent => ({
  type: 'UserNameLookAlikeKept',
  data: { userId, heldBy },
});
const counts = { accounts: 2, claimed: 1, lookAlikes: 1 };
const ended: NamesByLookEvent = { type: 'DisplayNamesReservedByLook', data: counts };

describe('display names moved to their look', () => {
  it('records a look-alike kept once per account and holder', () => {
    spec
      .given()
      .when({ type: 'RecordLookAlike', data: { userId: 'u-2', heldBy: 'u-1' } })
      .then([kept('u-2', 'u-1')]);
    spec
      .given(kept('u-2', 'u-1'))
      .when({ type: 'RecordLookAlike', data: { userId: 'u-2', heldBy: 'u-1' } })
      .thenNothing();
    spec
      .given(kept('u-2', 'u-1'))
      .when({ type: 'RecordLookAlike', data: { userId: 'u-2', heldBy: 'u-3' } })
      .then([kept('u-2', 'u-3')]);
  });

  it('records the end of the first full pass only', () => {
    spec.given().when({ type: 'EndPass', data: counts }).then([ended]);
    spec
      .given(ended)
      .when({ type: 'EndPass', data: { accounts: 3, claimed: 0, lookAlikes: 0 } })
      .thenNothing();
  });
});
