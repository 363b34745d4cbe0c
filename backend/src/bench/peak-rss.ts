import { readFileSync } from 'node:fs';

/**
 * The most memory this process has held resident, in bytes: the kernel's high-water mark of its
 * own image (`VmHWM` in /proc/self/status). Not `process.resourceUsage().maxRSS`: Linux carries
 * the parent's high-water mark into a child across fork and exec, so a child started by a bench
 * that is already large reports the bench's peak, not its own. Where there is no /proc, `maxRSS`
 * it is.
 */
export function peakRssBytes(status = procStatus()): number {
  const kib = status === null ? undefined : /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  return kib === undefined ? process.resourceUsage().maxRSS * 1024 : Number(kib) * 1024;
}

function procStatus(): string | null {
  try {
    return readFileSync('/proc/self/status', 'utf8');
  } catch {
    return null;
  }
}
