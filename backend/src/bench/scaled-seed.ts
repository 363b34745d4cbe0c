import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { COMMUNITY_BENCH, seedLog } from './community.bench';
import type { Report } from './figures';

/**
 * Seeds the community log at `scale` into `dataDir` unless a seeded log is there already (kept
 * between calls of the rebuild benches). Answers whether it seeded.
 */
export async function seedScaledLogOnce(
  dataDir: string,
  scale: number,
  report: Report,
): Promise<boolean> {
  if (existsSync(join(dataDir, 'events.sqlite'))) return false;
  report.heading(`Seeding the community log into ${dataDir} (scale ${scale})`);
  const times = (n: number) => Math.max(100, Math.round(n * scale));
  await seedLog(
    dataDir,
    {
      ...COMMUNITY_BENCH,
      users: times(COMMUNITY_BENCH.users),
      posts: times(COMMUNITY_BENCH.posts),
      likes: times(COMMUNITY_BENCH.likes),
      ratings: times(COMMUNITY_BENCH.ratings),
    },
    report,
  );
  return true;
}
