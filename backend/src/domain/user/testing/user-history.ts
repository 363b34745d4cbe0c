import { deciderSpecification, metadataAt } from '../../shared/testing/decider-specification';
import { userDecider, type UserCommand } from '../user.decider';
import type { UserEvent } from '../user.events';

/** An account's history as the user decider specs build on it. Test code only. */
export const hash = (c: string) => c.repeat(64).slice(0, 64);
export const NOW = new Date('2026-03-02T09:00:00.000Z');
export const at = (ms: number) => new Date(NOW.getTime() + ms);
export const HOUR = 60 * 60 * 1000;
export const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
export const NEW_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bmV3';

export const register: UserCommand = {
  type: 'Register',
  data: {
    userId: 'u-1',
    email: 'ann@example.com',
    passwordHash: PASSWORD_HASH,
    anonymousUsername: 'SunnyOtter0427',
    verificationTokenHash: hash('a'),
    sessionId: 's-1',
    sessionTokenHash: hash('b'),
  },
  metadata: metadataAt(NOW),
};

export const spec = deciderSpecification(userDecider);
/** Registered: verification link hash('a'), session s-1 with hash('b'). */
export const registered = () => spec.given().when(register).events();
export const when = (history: UserEvent[], command: UserCommand) =>
  spec.given(history).when(command).events();

/** After `registered()`: a password reset link hash('e'), valid for an hour from NOW. */
export const passwordResetIssued = () =>
  when(registered(), {
    type: 'IssuePasswordReset',
    data: { tokenHash: hash('e') },
    metadata: metadataAt(NOW),
  });

/** After `registered()`: a sign-in elsewhere, session s-2 with hash('f'). */
export const signedInElsewhere = () =>
  when(registered(), {
    type: 'StartSession',
    data: { sessionId: 's-2', tokenHash: hash('f'), verifiedPasswordHash: PASSWORD_HASH },
    metadata: metadataAt(NOW),
  });
