import { describe, expect, it } from 'vitest';

import {
  emailError,
  resetPasswordError,
  validateEmailRequest,
  validateLogin,
  validateRegistration,
} from './auth-validation';

describe('emailError', () => {
  it('asks for an email, then for a valid one', () => {
    expect(emailError('  ')).toBe('Please enter your email address');
    expect(emailError('ann@')).toBe('Please enter a valid email address');
    expect(emailError(' ann@example.com ')).toBeUndefined();
  });
});

describe('validateEmailRequest', () => {
  it('needs an email and leaves its shape to the server', () => {
    expect(validateEmailRequest({ email: '  ' })).toEqual({
      email: 'Please enter your email address',
    });
    expect(validateEmailRequest({ email: 'ann' })).toEqual({});
  });
});

describe('validateLogin', () => {
  it('needs an email and a password of at least 8 characters', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Please enter your email address',
      password: 'Password is required',
    });
    expect(validateLogin({ email: 'ann@example.com', password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(validateLogin({ email: 'ann@example.com', password: 'long enough' })).toEqual({});
  });
});

describe('validateRegistration', () => {
  it('needs a matching confirmation', () => {
    expect(
      validateRegistration({ email: 'a@b.co', password: 'long enough', confirmPassword: '' }),
    ).toEqual({ confirmPassword: 'Please confirm your password' });
    expect(
      validateRegistration({ email: 'a@b.co', password: 'long enough', confirmPassword: 'long' }),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(
      validateRegistration({
        email: 'a@b.co',
        password: 'long enough',
        confirmPassword: 'long enough',
      }),
    ).toEqual({});
  });
});

describe('resetPasswordError', () => {
  it('checks filled in, then equal, then long enough', () => {
    expect(resetPasswordError('', 'x')).toBe('Please fill in all fields');
    expect(resetPasswordError('short', 'other')).toBe('Passwords do not match');
    expect(resetPasswordError('short', 'short')).toBe('Password must be at least 8 characters');
    expect(resetPasswordError('long enough', 'long enough')).toBeNull();
  });
});
