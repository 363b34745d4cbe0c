import { Argon2PasswordHasher } from './argon2-password-hasher';

describe('argon2id password hasher', () => {
  const hasher = new Argon2PasswordHasher({ memoryCost: 19456 });

  it('hashes with argon2id at the configured cost and a random salt', async () => {
    const first = await hasher.hash('correct horse battery');
    const second = await hasher.hash('correct horse battery');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse battery');
  });

  it('verifies the right password and refuses a wrong one or an unreadable hash', async () => {
    const stored = await hasher.hash('correct horse battery');
    await expect(hasher.verify(stored, 'correct horse battery')).resolves.toBe(true);
    await expect(hasher.verify(stored, 'Correct horse battery')).resolves.toBe(false);
    await expect(hasher.verify('not a hash', 'correct horse battery')).resolves.toBe(false);
  });

  it('spends a verification on a decoy and answers false', async () => {
    await expect(hasher.verifyDecoy('anything at all')).resolves.toBe(false);
  });
});
