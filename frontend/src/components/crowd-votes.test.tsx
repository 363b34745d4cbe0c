// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { CrowdVotes } from './crowd-votes';

afterEach(cleanup);

describe('CrowdVotes', () => {
  it('given member votes, when shown, then it reads "6.8 (12)" with a spoken label', () => {
    const { container } = render(<CrowdVotes average="6.8" voteCount={12} />);
    expect(container.textContent).toContain('6.8 (12)');
    expect(container.textContent).toContain("Members' average 6.8 from 12 votes");
  });

  it('given one vote, when shown, then the noun is singular', () => {
    const { container } = render(<CrowdVotes average="7.0" voteCount={1} />);
    expect(container.textContent).toContain("Members' average 7.0 from 1 vote");
  });

  it('given no votes, when shown, then nothing shows', () => {
    const { container } = render(<CrowdVotes average={null} voteCount={0} />);
    expect(container.textContent).toBe('');
  });
});
