/** Sizes as people read them: bytes, KB, MB, GB (powers of 1024). */
export function describeSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Ends a command-line tool: an expected refusal says only its message, anything else its stack. */
export function exitWith(error: unknown, expected: (abstract new (...args: never[]) => Error)[]) {
  const known = expected.some((type) => error instanceof type);
  const text =
    known || !(error instanceof Error) ? String((error as Error).message ?? error) : error.stack;
  process.stderr.write(`${text}\n`);
  process.exit(1);
}
