import { useSyncExternalStore } from 'react';

/** The window is narrower than 600 px (the staff sidebar collapses; spec 1 section 2). */
const QUERY = '(max-width: 599.98px)';

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia(QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
