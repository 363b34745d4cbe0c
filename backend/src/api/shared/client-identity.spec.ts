import { clientNetwork, voteNetwork } from './client-identity';

describe('clientNetwork', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::FFFF:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});

describe('voteNetwork', () => {
  it.each([
    ['192.0.2.7', '192.0.2.0/24'],
    ['192.0.2.250', '192.0.2.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
  ])('compares %s as the network %s', (address, network) => {
    expect(voteNetwork(address)).toBe(network);
  });

  it.each(['127.0.0.1', '::ffff:127.0.0.1', '::1', 'unknown'])(
    'gives the machine itself (%s) no network',
    (address) => {
      expect(voteNetwork(address)).toBeNull();
    },
  );
});
