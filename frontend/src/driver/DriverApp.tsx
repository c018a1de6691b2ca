/**
 * The driver's mobile app: its own bundle, plain HTML and CSS (no antd), so a cheap phone on a
 * weak signal downloads as little as possible. The login is in this chunk (it is the first
 * screen); the other pages, the sign-in link's included, load on demand.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import './driver.css';
import { DriverGuard } from '../app/guards/DriverGuard';
import { isDriverPath, paths } from '../app/paths';
import { store } from '../app/store';
import { ChunkErrorBoundary } from '../shared/ui/ChunkErrorBoundary';
import { OtherAppRedirect } from '../shared/ui/OtherAppRedirect';
import { Spinner } from '../shared/ui/Spinner';
import DriverLoginPage from './pages/DriverLoginPage';
import { DriverNotFound } from './pages/DriverNotFound';
import { driverPaths } from './paths';
import { installDriverApp } from './pwa/register';
import { ClearToastsOnNavigation, Toasts } from './ui/Toasts';

// Only /app/login is in this chunk; a sign-in link's page loads on demand like the others.
const DriverLinkPage = lazy(() => import(/* webpackChunkName: "driver-link" */ './pages/DriverLinkPage'));
const DriverHomePage = lazy(() => import(/* webpackChunkName: "driver-home" */ './pages/DriverHomePage'));
const DriverTermsPage = lazy(() => import(/* webpackChunkName: "driver-terms" */ './pages/DriverTermsPage'));
const DriverQueuePage = lazy(() => import(/* webpackChunkName: "driver-queue" */ './pages/DriverQueuePage'));
const DriverSchedulingPage = lazy(
  () => import(/* webpackChunkName: "driver-scheduling" */ './pages/DriverSchedulingPage'),
);
const DriverStatusPage = lazy(() => import(/* webpackChunkName: "driver-status" */ './pages/DriverStatusPage'));
const DriverPanelPage = lazy(() => import(/* webpackChunkName: "driver-panel" */ './pages/DriverPanelPage'));
const DriverRegisterPage = lazy(() => import(/* webpackChunkName: "driver-register" */ './pages/DriverRegisterPage'));
const DriverHistoryPage = lazy(() => import(/* webpackChunkName: "driver-history" */ './pages/DriverHistoryPage'));
const DriverCreateTruckPage = lazy(() =>
  import(/* webpackChunkName: "driver-truck" */ './pages/DriverTruckFormPage').then((m) => ({ default: m.DriverCreateTruckPage })),
);
const DriverEditTruckPage = lazy(() =>
  import(/* webpackChunkName: "driver-truck" */ './pages/DriverTruckFormPage').then((m) => ({ default: m.DriverEditTruckPage })),
);
const DriverLogPage = lazy(() => import(/* webpackChunkName: "driver-log" */ './pages/DriverLogPage'));
const DriverMapPage = lazy(() => import(/* webpackChunkName: "driver-map" */ './pages/DriverMapPage'));
const DriverCheckinPage = lazy(() => import(/* webpackChunkName: "driver-checkin" */ './pages/DriverCheckinPage'));
const PublicMapPage = lazy(() => import(/* webpackChunkName: "driver-public-map" */ './pages/PublicMapPage'));
const DriverEditPage = lazy(() => import(/* webpackChunkName: "driver-edit" */ './pages/DriverEditPage'));

// The home's own reads follow the session at once, not the home's render (homeReads.ts): this
// chunk runs as soon as it arrives, and index.html has asked for the home's chunk on this path.
if (window.location.pathname === paths.driverHome) {
  // A failure here only loses the head start: the home reads for itself.
  import(/* webpackChunkName: "driver-home" */ './homeReads')
    .then(({ prefetchDriverHome }) => prefetchDriverHome(store.dispatch))
    .catch(() => undefined);
}

/** The signed-in driver's screens: [path, page]. */
const guarded: [string, ReactNode][] = [
  [driverPaths.queue, <DriverQueuePage key="q" />],
  [driverPaths.scheduling, <DriverSchedulingPage key="s" />],
  [driverPaths.status, <DriverStatusPage key="st" />],
  [driverPaths.panel, <DriverPanelPage key="p" />],
  [driverPaths.expeditionPanel, <DriverPanelPage key="ep" expedition />],
  [driverPaths.edit, <DriverEditPage key="e" />],
  [driverPaths.createTruck, <DriverCreateTruckPage key="ct" />],
  [driverPaths.editTruck, <DriverEditTruckPage key="et" />],
  [driverPaths.history, <DriverHistoryPage key="h" />],
  [driverPaths.log, <DriverLogPage key="l" />],
  [driverPaths.map, <DriverMapPage key="m" />],
  [driverPaths.checkin, <DriverCheckinPage key="ci" />],
];

export default function DriverApp() {
  useEffect(() => installDriverApp(), []);
  return (
    <>
      <ChunkErrorBoundary>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route
              path={paths.driverHome}
              element={
                <DriverGuard>
                  <DriverHomePage />
                </DriverGuard>
              }
            />
            {guarded.map(([path, page]) => (
              <Route key={path} path={path} element={<DriverGuard>{page}</DriverGuard>} />
            ))}
            <Route path={paths.driverLogin} element={<DriverLoginPage />} />
            <Route path={driverPaths.register} element={<DriverRegisterPage />} />
            <Route path={driverPaths.publicMap} element={<PublicMapPage />} />
            <Route path={paths.driverLink} element={<DriverLinkPage />} />
            <Route
              path={paths.driverTerms}
              element={
                <DriverGuard termsPage>
                  <DriverTermsPage />
                </DriverGuard>
              }
            />
            <Route path="*" element={<OtherAppRedirect isMine={isDriverPath} notFound={<DriverNotFound />} />} />
          </Routes>
        </Suspense>
      </ChunkErrorBoundary>
      <ClearToastsOnNavigation />
      <Toasts />
    </>
  );
}
