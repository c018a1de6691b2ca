import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from './Spinner';

/**
 * The catch-all route of each app: a path of the other app gets a full page load (the entry
 * then loads that app's bundle); an unknown path of this app shows `notFound`.
 */
export function OtherAppRedirect({
  isMine,
  notFound,
}: {
  isMine: (pathname: string) => boolean;
  notFound: ReactNode;
}) {
  const location = useLocation();
  const mine = isMine(location.pathname);
  useEffect(() => {
    if (!mine) window.location.replace(location.pathname + location.search + location.hash);
  }, [mine, location]);
  return mine ? notFound : <Spinner />;
}
