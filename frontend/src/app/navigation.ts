import { useCallback } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';

/**
 * Navigation that knows the SPA is two apps: a path of this app is a client-side navigation,
 * a path of the other app is a full page load (the entry then loads the other bundle).
 */
export function useGoTo(isMine: (pathname: string) => boolean): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      const pathname = to.split(/[?#]/)[0] || '/';
      if (isMine(pathname)) {
        void navigate(to, options);
      } else if (options?.replace) {
        window.location.replace(to);
      } else {
        window.location.assign(to);
      }
    },
    [navigate, isMine],
  );
}
