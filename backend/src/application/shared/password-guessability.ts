import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ValidationError } from '../../domain/shared/errors';

export const PASSWORD_ONLY_SPACES = 'A password cannot be made of spaces only.';
export const PASSWORD_TOO_COMMON =
  'This password is too common. Choose one that is harder to guess.';

/**
 * zxcvbn's scores go from 0 to 4; 0 and 1 mean fewer than a million guesses: a password from the
 * lists of breached passwords (`password`, `12345678`, `P@ssw0rd`, `football1`), a keyboard walk,
 * a repeat or a sequence, give or take capitals, leetspeak and a digit or two. Those are refused.
 */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | null = null;

/**
 * How much of a password is judged: the estimate's time grows steeply with length (it runs on
 * the event loop), and a password whose first 64 characters are hard to guess is.
 */
const JUDGED_LENGTH = 64;

/** Built on first use: reading the dictionaries takes a moment the boot need not wait for. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    maxLength: JUDGED_LENGTH,
  });
  return estimator;
}

/**
 * Every path that sets a password (registration, a change, a reset, the one chosen while
 * verifying, an admin's) refuses one made only of whitespace and one that a guesser would try
 * early: estimated by zxcvbn-ts against its maintained lists of common and breached passwords,
 * names and words, which ship with the package (nothing is sent anywhere). `personal` are
 * things of the account (its email) that make a password as guessable as a common one.
 */
export function assertHardToGuess(password: string, personal: readonly string[] = []): void {
  if (password.trim().length === 0) throw new ValidationError(PASSWORD_ONLY_SPACES);
  const userInputs = personal
    .flatMap((value) => [value, ...value.split(/[@.+_-]/)])
    .filter((value) => value.length >= 3);
  if (zxcvbn().check(password, userInputs).score < MIN_SCORE) {
    throw new ValidationError(PASSWORD_TOO_COMMON);
  }
}
