import { GetHealthHandler } from './health.query';
import { useCase } from '../../../test/support/use-case-specification';

describe('health', () => {
  const health = useCase(
    ({ eventStore, readStore }) => new GetHealthHandler(eventStore, readStore),
  );

  it('answers the log position and how far the read models are projected', () =>
    health
      .given('post-p1', { type: 'Spec', data: {} }, { type: 'Spec', data: {} })
      .given('post-p2', { type: 'Spec', data: {} })
      .when({})
      .thenAnswers({ log: 3n, projected: 3n }));

  it('answers null for both on an empty log', () =>
    health.when({}).thenAnswers({ log: null, projected: null }));
});
