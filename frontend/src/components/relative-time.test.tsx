// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RenderTimeContext } from '@/lib/render-time';

import { RelativeTime } from './relative-time';

const CREATED = '2026-11-27T23:30:00.000Z';
/** When the server drew the page: just under a minute after the post. */
const RENDERED_AT = Date.parse('2026-11-27T23:30:59.000Z');
/** The browser's own clock, five minutes on (or simply ahead of the server's). */
const BROWSER_NOW = Date.parse('2026-11-27T23:35:30.000Z');

const page = (renderedAt: number | null) => (
  <RenderTimeContext.Provider value={renderedAt}>
    <RelativeTime iso={CREATED} />
  </RenderTimeContext.Provider>
);

describe('RelativeTime', () => {
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    document.body.innerHTML = '';
  });

  it('given a page the browser renders itself, when drawn, then it counts from the browser’s clock', () => {
    vi.useFakeTimers({ now: BROWSER_NOW, toFake: ['Date'] });
    render(page(null));
    const time = screen.getByText('5 minutes ago');
    expect(time.getAttribute('dateTime')).toBe(CREATED);
    expect(time.getAttribute('title')).toBe(new Date(CREATED).toLocaleString());
  });

  it('given a server-rendered page, when the server draws it, then it counts from the render time, in UTC', () => {
    vi.useFakeTimers({ now: BROWSER_NOW, toFake: ['Date'] });
    const html = renderToString(page(RENDERED_AT));
    expect(html).toContain('>Just now</time>');
    expect(html).toContain('title="11/27/26, 11:30:00 PM UTC"');
  });

  it('given a server-rendered page, when the browser hydrates it with another clock, then nothing mismatches and it then counts from the browser’s clock', async () => {
    vi.useFakeTimers({ now: BROWSER_NOW, toFake: ['Date'] });
    const root = document.createElement('div');
    root.innerHTML = renderToString(page(RENDERED_AT));
    document.body.append(root);
    const errors: unknown[] = [];
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

    await act(async () => {
      hydrateRoot(root, page(RENDERED_AT), {
        onRecoverableError: (error) => errors.push(error),
      });
    });

    expect(errors).toEqual([]);
    expect(root.textContent).toBe('5 minutes ago');
    expect(root.querySelector('time')!.getAttribute('title')).toBe(
      new Date(CREATED).toLocaleString(),
    );
  });
});
