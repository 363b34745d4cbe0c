import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { peakRssBytes } from './peak-rss';

describe('the peak resident memory of a bench process', () => {
  it('is the high-water mark /proc/self/status gives, in bytes', () => {
    const status = 'Name:\tnode\nVmPeak:\t 1200000 kB\nVmHWM:\t  548120 kB\nVmRSS:\t  500000 kB\n';
    expect(peakRssBytes(status)).toBe(548_120 * 1024);
  });

  it('is the process’s own maxRSS where there is no /proc', () => {
    // The peak only rises, and it may between two readings (a CI run saw it move by 128 KB):
    // the answer lies between one taken before and one taken after.
    const before = process.resourceUsage().maxRSS * 1024;
    const peak = peakRssBytes(null);
    const after = process.resourceUsage().maxRSS * 1024;
    expect(peak).toBeGreaterThanOrEqual(before);
    expect(peak).toBeLessThanOrEqual(after);
  });

  // Not against process.memoryUsage.rss(): the kernel folds each thread's page counts into the
  // high-water mark only now and then, so it may trail the resident size by a few pages.
  it('counts what this process holds', () => {
    const held = Buffer.alloc(64 * 1024 * 1024, 1);
    expect(peakRssBytes()).toBeGreaterThanOrEqual(held.length);
  });

  // Why not maxRSS: a child started by a process holding much reports that process's peak.
  (existsSync('/proc/self/status') ? it : it.skip)(
    'leaves out the parent’s memory, which a child’s maxRSS carries',
    () => {
      const held = Buffer.alloc(256 * 1024 * 1024, 1);
      const child = JSON.parse(
        execFileSync(process.execPath, [
          '-e',
          `const s = require('fs').readFileSync('/proc/self/status', 'utf8');
           console.log(JSON.stringify({
             hwm: Number(/^VmHWM:\\s+(\\d+) kB$/m.exec(s)[1]) * 1024,
             maxRss: process.resourceUsage().maxRSS * 1024,
           }));`,
        ]).toString(),
      ) as { hwm: number; maxRss: number };
      expect(child.maxRss).toBeGreaterThanOrEqual(held.length);
      expect(child.hwm).toBeLessThan(held.length);
    },
  );
});
