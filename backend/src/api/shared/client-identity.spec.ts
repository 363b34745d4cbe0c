import type { Request } from 'express';
import { ClientIdentity, clientNetwork, voteNetwork } from './client-identity';

describe('clientNetwork', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::FFFF:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2::1', '2001:db8:1:0::/56'],
    ['2001:db8:1:2ff::1', '2001:db8:1:200::/56'],
    ['2001:0db8:0001:0002:ffff:0:0:9', '2001:db8:1:0::/56'],
    ['2001:db8::1', '2001:db8:0:0::/56'],
    ['::1', '0:0:0:0::/56'],
    ['fe80::1%eth0', 'fe80:0:0:0::/56'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it.each([
    [64, '2001:db8:1:2ff::/64'],
    [48, '2001:db8:1::/48'],
    [60, '2001:db8:1:2f0::/60'],
  ])('counts an IPv6 client by the configured /%i', (prefix, network) => {
    expect(clientNetwork('2001:db8:1:2ff:aaaa::1', prefix)).toBe(network);
  });
});

describe('voteNetwork', () => {
  it.each([
    ['192.0.2.7', '192.0.2.0/24'],
    ['192.0.2.250', '192.0.2.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:1:2::1', '2001:db8:1:0::/56'],
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

describe('ClientIdentity.visitorKey', () => {
  const from = (ip: string) => ({ ip, socket: {} }) as unknown as Request;

  it('gives every address of one network the same keyed mark, and another secret another', () => {
    const identity = new ClientIdentity('secret one');
    const key = identity.visitorKey(from('2001:db8:1:2::1'));
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(identity.visitorKey(from('2001:db8:1:2::ffff'))).toBe(key);
    expect(identity.visitorKey(from('2001:db8:1:2::1'))).toBe(key);
    // Another /64 of the same /56: one subscriber's.
    expect(identity.visitorKey(from('2001:db8:1:3::1'))).toBe(key);
    expect(identity.visitorKey(from('2001:db8:1:100::1'))).not.toBe(key);
    expect(new ClientIdentity('secret one', 64).visitorKey(from('2001:db8:1:3::1'))).not.toBe(
      new ClientIdentity('secret one', 64).visitorKey(from('2001:db8:1:2::1')),
    );
    expect(new ClientIdentity('secret two').visitorKey(from('2001:db8:1:2::1'))).not.toBe(key);
  });

  it('answers the same keys while it keeps and after it forgets the addresses it saw', () => {
    const identity = new ClientIdentity('secret');
    const addresses = Array.from({ length: 5000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`);
    const first = addresses.map((address) => identity.visitorKey(from(address)));
    expect(new Set(first).size).toBe(addresses.length);
    expect(addresses.map((address) => identity.visitorKey(from(address)))).toEqual(first);
    const kept = (identity as unknown as { visitorKeys: Map<string, string> }).visitorKeys;
    expect(kept.size).toBeLessThanOrEqual(4096);
  });
});
