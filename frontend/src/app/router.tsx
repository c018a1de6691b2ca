/**
 * The staff routes. Every page is lazy-loaded; guarded routes are listed once in
 * `guardedRoutes` (the guard looks up the current pattern there and checks it against the
 * server's allow-list).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { StaffGuard, type GuardedRoute } from './guards/StaffGuard';
import { isDriverPath, paths } from './paths';
import { ChunkErrorBoundary } from '../shared/ui/ChunkErrorBoundary';
import { OtherAppRedirect } from '../shared/ui/OtherAppRedirect';
import { Spinner } from '../shared/ui/Spinner';

const LoginPage = lazy(() => import(/* webpackChunkName: "staff-login" */ '../features/auth/LoginPage'));
const StaffLayout = lazy(() => import(/* webpackChunkName: "staff-layout" */ './layouts/StaffLayout'));
const StaffTermsPage = lazy(() => import(/* webpackChunkName: "staff-terms" */ '../features/auth/StaffTermsPage'));
const DashboardHome = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/DashboardHome'));
const CarrierHome = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/CarrierHome'));
const DispatchHome = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/DispatchHome'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/NotFoundPage'));

interface StaffPage extends GuardedRoute {
  Page: LazyExoticComponent<ComponentType>;
  /** Inside the staff layout (sidebar and top bar). */
  layout: boolean;
}

/** Guarded staff pages. `byRoutes: false`: a staff session is enough (not in the allow-list). */
export const staffPages: StaffPage[] = [
  { path: paths.dashboard, Page: DashboardHome, layout: true, byRoutes: true },
  { path: paths.carrierHome, Page: CarrierHome, layout: true, byRoutes: true },
  { path: paths.dispatchHome, Page: DispatchHome, layout: true, byRoutes: true },
  { path: paths.staffTerms, Page: StaffTermsPage, layout: false, byRoutes: false },
];

const isStaffPath = (p: string) => !isDriverPath(p);

export function StaffRoutes() {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path={paths.staffLogin} element={<LoginPage page="staff" />} />
          <Route path={paths.dispatchLogin} element={<LoginPage page="dispatch" />} />
          <Route element={<StaffGuard routes={staffPages} />}>
            <Route element={<StaffLayout />}>
              {staffPages
                .filter((r) => r.layout)
                .map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
            </Route>
            {staffPages
              .filter((r) => !r.layout)
              .map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
          </Route>
          <Route path="*" element={<OtherAppRedirect isMine={isStaffPath} notFound={<NotFoundPage />} />} />
        </Routes>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
