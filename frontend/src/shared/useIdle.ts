import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after mounting (at most `timeoutMs` later): what a screen
 * does not need for its first paint (a pop-up's read) waits for it, so the first answers are
 * laid out without competing with it on a slow phone (issue 23).
 */
export function useIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), Math.min(timeoutMs, 500));
    return () => clearTimeout(id);
  }, [timeoutMs]);
  return idle;
}
