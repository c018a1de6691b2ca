/**
 * The driver's mobile app: its own bundle, plain HTML and CSS (no antd), so a cheap phone on a
 * weak signal downloads as little as possible. The login is in this chunk (it is the first
 * screen); the other pages load on demand.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import './driver.css';
import { DriverGuard } from '../app/guards/DriverGuard';
import { isDriverPath, paths } from '../app/paths';
import { ChunkErrorBoundary } from '../shared/ui/ChunkErrorBoundary';
import { OtherAppRedirect } from '../shared/ui/OtherAppRedirect';
import { Spinner } from '../shared/ui/Spinner';
import DriverLoginPage from './pages/DriverLoginPage';
import DriverLinkPage from './pages/DriverLinkPage';
import { DriverNotFound } from './pages/DriverNotFound';
import { ClearToastsOnNavigation, Toasts } from './ui/Toasts';

const DriverHomePage = lazy(() => import(/* webpackChunkName: "driver-home" */ './pages/DriverHomePage'));
const DriverTermsPage = lazy(() => import(/* webpackChunkName: "driver-terms" */ './pages/DriverTermsPage'));

export default function DriverApp() {
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
            <Route path={paths.driverLogin} element={<DriverLoginPage />} />
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
