import { NotFoundError, ValidationError } from '../shared/errors';
import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import {
  CLEAR_REASON_REQUIRED,
  CLUSTER_NOT_FOUND,
  type NetworkCommand,
  type NetworkEvent,
  networkClusterDecider,
  networkStreamId,
} from './network-cluster.decider';

const NET = 'net-1';
const at = (hour: number) => new Date(Date.UTC(2026, 10, 18, hour)).toISOString();
const register = (userId: string, hour: number, limit = 3): NetworkCommand => ({
  type: 'RecordNetworkRegistration',
  data: { networkId: NET, userId, limit },
  metadata: metadataAt(at(hour)),
});
const joined = (userId: string, hour: number): NetworkEvent => ({
  type: 'AccountRegisteredOnNetwork',
  data: { networkId: NET, userId, registeredAt: at(hour) },
});
const account = (userId: string, hour: number) => ({ userId, registeredAt: at(hour) });
const spec = deciderSpecification(networkClusterDecider);

describe('network cluster decider', () => {
  it('records a sign-up from the network', () => {
    spec
      .given()
      .when(register('u-1', 1))
      .then([joined('u-1', 1)]);
  });

  it('lets three sign-ups within a day pass and flags the fourth as a cluster of four', () => {
    const three = [joined('u-1', 1), joined('u-2', 2), joined('u-3', 3)];
    spec
      .given(...three)
      .when(register('u-4', 20))
      .then([
        joined('u-4', 20),
        {
          type: 'ClusterFlagged',
          data: {
            networkId: NET,
            clusterId: `${NET}-1`,
            accounts: [account('u-1', 1), account('u-2', 2), account('u-3', 3), account('u-4', 20)],
          },
        },
      ]);
  });

  it('follows the configured limit', () => {
    spec
      .given(joined('u-1', 1))
      .when(register('u-2', 2, 1))
      .then([
        joined('u-2', 2),
        {
          type: 'ClusterFlagged',
          data: {
            networkId: NET,
            clusterId: `${NET}-1`,
            accounts: [account('u-1', 1), account('u-2', 2)],
          },
        },
      ]);
  });

  it('does not count sign-ups more than a day apart as a burst', () => {
    spec
      .given(joined('u-1', 0), joined('u-2', 1), joined('u-3', 2))
      .when(register('u-4', 24 + 1))
      .then([joined('u-4', 25)]);
  });

  it('adds a later sign-up of the burst to the cluster still held', () => {
    const flagged = spec
      .given(joined('u-1', 1), joined('u-2', 2), joined('u-3', 3))
      .when(register('u-4', 4))
      .events();
    spec
      .given(joined('u-1', 1), joined('u-2', 2), joined('u-3', 3), ...flagged)
      .when(register('u-5', 5))
      .then([
        joined('u-5', 5),
        {
          type: 'ClusterGrew',
          data: { networkId: NET, clusterId: `${NET}-1`, accounts: [account('u-5', 5)] },
        },
      ]);
  });

  it('clears a cluster with a reason, naming its accounts, and does not flag them again', () => {
    const history = [
      joined('u-1', 1),
      joined('u-2', 2),
      joined('u-3', 3),
      ...spec
        .given(joined('u-1', 1), joined('u-2', 2), joined('u-3', 3))
        .when(register('u-4', 4))
        .events(),
    ];
    const cleared: NetworkEvent = {
      type: 'ClusterCleared',
      data: {
        networkId: NET,
        clusterId: `${NET}-1`,
        userIds: ['u-1', 'u-2', 'u-3', 'u-4'],
        reason: 'A school club signing up together',
      },
    };
    spec
      .given(...history)
      .when({
        type: 'ClearCluster',
        data: { clusterId: `${NET}-1`, reason: '  A school club signing up together ' },
      })
      .then([cleared]);
    spec
      .given(...history, cleared)
      .when({ type: 'ClearCluster', data: { clusterId: `${NET}-1`, reason: 'again' } })
      .thenNothing();
    // A fifth sign-up the same day is one new account, not a burst.
    spec
      .given(...history, cleared)
      .when(register('u-5', 5))
      .then([joined('u-5', 5)]);
  });

  it('refuses to clear without a reason or a cluster that is not there', () => {
    spec
      .given()
      .when({ type: 'ClearCluster', data: { clusterId: `${NET}-1`, reason: 'ok' } })
      .thenThrows(NotFoundError, CLUSTER_NOT_FOUND);
    spec
      .given()
      .when({ type: 'ClearCluster', data: { clusterId: `${NET}-1`, reason: '   ' } })
      .thenThrows(ValidationError, CLEAR_REASON_REQUIRED);
  });

  it('records a sign-up once', () => {
    spec.given(joined('u-1', 1)).when(register('u-1', 1)).thenNothing();
  });

  it('keeps one stream per network', () => {
    expect(networkStreamId(NET)).toBe('network-net-1');
  });
});
