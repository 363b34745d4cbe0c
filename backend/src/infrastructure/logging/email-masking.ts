/** Anything that looks like an email address, as printed in a log line. */
const EMAIL_ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;

/** A log line keeps no email address: logs are kept and copied, and cannot forget an erasure. */
export function withoutEmailAddresses(text: string): string {
  // Most lines hold no @ at all: one scan for it is cheaper than the expression's.
  return text.includes('@') ? text.replace(EMAIL_ADDRESS, '[email address]') : text;
}
