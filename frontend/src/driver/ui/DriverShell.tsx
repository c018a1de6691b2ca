import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MobileLayout } from '../../app/layouts/MobileLayout';
import { useDriverSessionQuery } from '../api';
import { dm } from '../messages';
import { driverPaths } from '../paths';
import { subscribeWorkerNetwork, workerSaysOffline } from '../pwa/register';
import { useDriverGoTo, useDriverLogout } from '../session';
import { OfflineNotice } from './OfflineNotice';

function subscribeOnline(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  const stopWorker = subscribeWorkerNetwork(cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
    stopWorker();
  };
}

/**
 * Whether the phone is online: what the browser says, and what the service worker last found
 * (a weak signal often says online while nothing gets through). 'sem conexão' shows when not.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine && !workerSaysOffline(),
    () => true,
  );
}

/**
 * The signed-in driver's frame: the company's bar with the header menu (Perfil, Histórico,
 * Autorizações Expiradas, Sair) and the 'sem conexão' strip.
 */
export function DriverShell({ children }: { children: ReactNode }) {
  const { data: session } = useDriverSessionQuery();
  const logout = useDriverLogout();
  const goTo = useDriverGoTo();
  const online = useOnline();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return undefined;
    const close = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);

  const go = (to: string) => {
    setOpen(false);
    goTo(to);
  };

  return (
    <MobileLayout
      logo={session?.company.logo}
      companyName={session?.company.name}
      actions={
        <div className="d-menu">
          <button
            type="button"
            className="d-btn-header"
            aria-haspopup="true"
            aria-expanded={open}
            aria-controls="d-menu-list"
            onClick={() => setOpen(!open)}
          >
            {dm.menu}
          </button>
          {open && (
            <ul id="d-menu-list" className="d-menu-list">
              <li>
                <button type="button" onClick={() => go(driverPaths.edit)}>
                  {dm.menuProfile}
                </button>
              </li>
              <li>
                <button type="button" onClick={() => go(driverPaths.history)}>
                  {dm.menuHistory}
                </button>
              </li>
              <li>
                <button type="button" onClick={() => go(driverPaths.expired)}>
                  {dm.menuExpired}
                </button>
              </li>
              <li>
                <button type="button" onClick={() => go(driverPaths.log)}>
                  {dm.menuLog}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    void logout();
                  }}
                >
                  {dm.menuLogout}
                </button>
              </li>
            </ul>
          )}
        </div>
      }
    >
      {!online && <OfflineNotice driverId={session?.id} />}
      {children}
    </MobileLayout>
  );
}
