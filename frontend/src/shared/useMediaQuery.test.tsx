// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './useMediaQuery';

/** A matchMedia whose one query can be switched, counting its listeners. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  let subscriptions = 0;
  window.matchMedia = vi.fn(
    (media: string) =>
      ({
        media,
        get matches() {
          return matches;
        },
        addEventListener: (_: string, l: () => void) => {
          subscriptions += 1;
          listeners.add(l);
        },
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      }) as unknown as MediaQueryList,
  );
  return {
    set(next: boolean) {
      matches = next;
      listeners.forEach((l) => l());
    },
    subscriptions: () => subscriptions,
  };
}

function Probe() {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [, setTick] = useState(0);
  return (
    <button type="button" onClick={() => setTick((t) => t + 1)}>
      {reduced ? 'menos movimento' : 'movimento'}
    </button>
  );
}

describe('useMediaQuery', () => {
  afterEach(cleanup);

  it('follows the query as the system changes it and subscribes once', () => {
    const media = fakeMatchMedia(false);
    render(<Probe />);
    expect(screen.getByRole('button').textContent).toBe('movimento');
    act(() => media.set(true));
    expect(screen.getByRole('button').textContent).toBe('menos movimento');
    // Re-renders of the component keep the one subscription.
    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    expect(media.subscriptions()).toBe(1);
  });
});
