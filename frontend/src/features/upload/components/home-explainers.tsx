import { HowItWorks } from './how-it-works';
import { LeaderboardCta } from './leaderboard-cta';

/** The home page's sections below its fold: how it works, and the way to the leaderboard. */
export function HomeExplainers() {
  return (
    <>
      <HowItWorks />
      <LeaderboardCta />
    </>
  );
}
