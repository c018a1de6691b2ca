import { useMediaQuery } from '../../shared/useMediaQuery';

/** The window is narrower than 600 px (the staff sidebar collapses; spec 1 section 2). */
export function useNarrow(): boolean {
  return useMediaQuery('(max-width: 599.98px)');
}
