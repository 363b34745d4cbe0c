import type { Voter } from '../../domain/post-rating/vote-standing';
import { VOTERS, type VoterDocument } from '../../projections/voters/voters.projection';
import type { ReadStore } from '../ports/read-store.port';

/** What the vote rules know of an account (null for one the read model does not hold). */
export async function voterOf(readStore: ReadStore, userId: string): Promise<Voter | null> {
  const doc = await readStore.findOne<VoterDocument>(VOTERS, { _id: userId });
  return doc && asVoter(doc);
}

export function asVoter(doc: VoterDocument): Voter {
  const { registeredAt, registrationNetwork, networks, browsers, clusterHeld } = doc;
  return { registeredAt, registrationNetwork, networks, browsers, clusterHeld };
}
