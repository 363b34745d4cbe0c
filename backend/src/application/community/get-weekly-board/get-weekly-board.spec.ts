import { randomUUID } from 'node:crypto';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { communityServices } from '../testing/community-use-cases';
import { GetWeeklyBoardHandler } from './get-weekly-board.handler';
import { GetWeeklyBoardQuery } from './get-weekly-board.query';

describe('this week’s board', () => {
  const author = randomUUID();
  const [older, newer] = [randomUUID(), randomUUID()];

  const weekly = useCase((world) => new GetWeeklyBoardHandler(communityServices(world).reads))
    .given(`post-${older}`, postPublished(older, author))
    .given(`post-${newer}`, postPublished(newer, author));
  const search = (name?: string) => new GetWeeklyBoardQuery(name, 24, undefined);

  it('ranks this week’s posts', async () => {
    const { answer } = await weekly.when(search()).outcome();
    expect(answer?.items.map((item) => item.rank)).toEqual([1, 2]);
    expect(answer?.items.map((item) => item.post._id).sort()).toEqual([older, newer].sort());
  });

  it('finds nothing for a name nobody has', () =>
    weekly.when(search('no-such-name')).thenAnswers({ items: [], nextCursor: null }));
});
