// @vitest-environment happy-dom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { CATEGORY_FIELDS, CategoryScores } from './category-scores';

afterEach(cleanup);

const scores = { toeAlignment: 7.2, toeNails: 4.1, footShape: 6, aesthetic: 8.8 };

describe('CategoryScores', () => {
  it('given an offline rating, when shown, then each category says what the photo was measured on for it', () => {
    const { getByRole } = render(<CategoryScores scores={scores} rater="offline" />);
    const items = within(getByRole('list', { name: 'Category scores' })).getAllByRole('listitem');

    expect(items.map((item) => item.textContent)).toEqual([
      'Toe AlignmentMeasured from framing and focus7.2 out of 10',
      'Toe NailsMeasured from focus and colour4.1 out of 10',
      'Foot ShapeMeasured from framing and contrast6.0 out of 10',
      'AestheticMeasured from exposure, colour and contrast8.8 out of 10',
    ]);
  });

  it('given an AI rating, when shown, then the categories stand as named', () => {
    const { container } = render(<CategoryScores scores={scores} rater="openai" />);

    expect(container.textContent).not.toContain('Measured from');
    for (const { label } of CATEGORY_FIELDS) expect(container.textContent).toContain(label);
  });
});
