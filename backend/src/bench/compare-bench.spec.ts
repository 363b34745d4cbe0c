import { pairFigures } from './compare-bench';

const figure = (name: string, value: number) => ({ name, value });

describe('comparing two bench runs', () => {
  it('pairs figures by name, whatever their order', () => {
    const { pairs, onlyInBaseline } = pairFigures(
      [figure('a', 1), figure('b', 2)],
      [figure('b', 20), figure('a', 10)],
    );
    expect(pairs.map(({ figure: f, old }) => [f.value, old?.value])).toEqual([
      [20, 2],
      [10, 1],
    ]);
    expect(onlyInBaseline).toEqual([]);
  });

  it('pairs the n-th figure of a repeated name with the baseline’s n-th of it', () => {
    const liking = '  the same while one client likes and unlikes back to back';
    const { pairs } = pairFigures(
      [figure('top', 1), figure(liking, 2), figure('weekly', 3), figure(liking, 4)],
      [figure('top', 10), figure(liking, 20), figure('weekly', 30), figure(liking, 40)],
    );
    expect(pairs.map(({ figure: f, old }) => [f.value, old?.value])).toEqual([
      [10, 1],
      [20, 2],
      [30, 3],
      [40, 4],
    ]);
  });

  it('tells which figures only one of the runs has', () => {
    const { pairs, onlyInBaseline } = pairFigures(
      [figure('old name', 1), figure('kept', 2), figure('kept', 3)],
      [figure('kept', 20), figure('new name', 30)],
    );
    expect(pairs.map(({ figure: f, old }) => [f.value, old?.value])).toEqual([
      [20, 2],
      [30, undefined],
    ]);
    expect(onlyInBaseline.map((f) => f.value)).toEqual([1, 3]);
  });
});
