/**
 * The staff routes. Every page is lazy-loaded; guarded routes are listed once in
 * `guardedRoutes` (the guard looks up the current pattern there and checks it against the
 * server's allow-list).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useStaffSessionQuery } from '../features/auth/api';
import { StaffGuard, type GuardedRoute } from './guards/StaffGuard';
import { isDriverPath, paths } from './paths';
import { returnPath } from './session';
import { ChunkErrorBoundary } from '../shared/ui/ChunkErrorBoundary';
import { OtherAppRedirect } from '../shared/ui/OtherAppRedirect';
import { Spinner } from '../shared/ui/Spinner';

const LoginPage = lazy(() => import(/* webpackChunkName: "staff-login" */ '../features/auth/LoginPage'));
const StaffLayout = lazy(() => import(/* webpackChunkName: "staff-layout" */ './layouts/StaffLayout'));
const StaffTermsPage = lazy(() => import(/* webpackChunkName: "staff-terms" */ '../features/auth/StaffTermsPage'));
const CarrierHome = lazy(() => import(/* webpackChunkName: "expedition" */ '../features/expedition/CarrierQueue'));
const DispatchHome = lazy(() => import(/* webpackChunkName: "expedition" */ '../features/expedition/DispatchPanel'));
const QueueDeskPage = lazy(() => import(/* webpackChunkName: "queue-desk" */ '../features/expedition/QueueDeskPage'));
const PublicPanelPage = lazy(() => import(/* webpackChunkName: "public-panel" */ '../features/expedition/PublicPanelPage'));
const SignagePanelPage = lazy(() => import(/* webpackChunkName: "public-panel" */ '../features/expedition/SignagePanelPage'));
const YardTvPage = lazy(() => import(/* webpackChunkName: "tv" */ '../features/expedition/YardTvPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "home" */ '../features/home/NotFoundPage'));
// Administration (spec 1): one lazy chunk per area.
const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage'));
const HistoryPage = lazy(() => import(/* webpackChunkName: "history" */ '../features/history/HistoryPage'));
const RescuesPage = lazy(() => import(/* webpackChunkName: "rescues" */ '../features/rescues/RescuesPage'));
const CarrierDashboardPage = lazy(
  () => import(/* webpackChunkName: "carrier-dashboard" */ '../features/dashboard/CarrierDashboardPage'),
);
const CompaniesPage = lazy(() => import(/* webpackChunkName: "companies" */ '../features/companies/CompaniesPage'));
const CompanyFormPage = lazy(() => import(/* webpackChunkName: "companies" */ '../features/companies/CompanyFormPage'));
const CustomersPage = lazy(() => import(/* webpackChunkName: "customers" */ '../features/customers/CustomersPage'));
const CustomerFormPage = lazy(() => import(/* webpackChunkName: "customers" */ '../features/customers/CustomerFormPage'));
const CustomerImportPage = lazy(() => import(/* webpackChunkName: "customers-import" */ '../features/customers/CustomerImportPage'));
const ShippingCompaniesPage = lazy(
  () => import(/* webpackChunkName: "shipping-companies" */ '../features/shippingCompanies/ShippingCompaniesPage'),
);
const ShippingCompanyFormPage = lazy(
  () => import(/* webpackChunkName: "shipping-companies" */ '../features/shippingCompanies/ShippingCompanyFormPage'),
);
const ShippingImportPage = lazy(
  () => import(/* webpackChunkName: "shipping-import" */ '../features/shippingCompanies/ShippingImportPage'),
);
const ProductsPage = lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders/ProductsPage'));
const OrdersPage = lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders/OrdersPage'));
const ProductImportPage = lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders/ProductImportPage'));
const ProductFormPage = lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders/ProductFormPage'));
const OrderFormPage = lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders/OrderFormPage'));
const LoadingsPage = lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders/LoadingsPage'));
const BrandsPage = lazy(() => import(/* webpackChunkName: "fleet" */ '../features/fleet/BrandsPage'));
const ModelsPage = lazy(() => import(/* webpackChunkName: "fleet" */ '../features/fleet/ModelsPage'));
const BrandFormPage = lazy(() =>
  import(/* webpackChunkName: "fleet" */ '../features/fleet/CatalogFormPage').then((m) => ({ default: m.BrandFormPage })),
);
const ModelFormPage = lazy(() =>
  import(/* webpackChunkName: "fleet" */ '../features/fleet/CatalogFormPage').then((m) => ({ default: m.ModelFormPage })),
);
const SetsPage = lazy(() => import(/* webpackChunkName: "sets" */ '../features/fleet/SetsPage'));
const LinkPage = lazy(() => import(/* webpackChunkName: "sets" */ '../features/fleet/LinkPage'));
const DriversPage = lazy(() => import(/* webpackChunkName: "drivers" */ '../features/fleet/DriversPage'));
const DriverFormPage = lazy(() => import(/* webpackChunkName: "drivers" */ '../features/fleet/DriverFormPage'));
const DriverLogsPage = lazy(() => import(/* webpackChunkName: "drivers" */ '../features/fleet/DriverLogsPage'));
const TrucksPage = lazy(() => import(/* webpackChunkName: "trucks" */ '../features/fleet/TrucksPage'));
const TruckFormPage = lazy(() => import(/* webpackChunkName: "trucks" */ '../features/fleet/TruckFormPage'));
const UsersPage = lazy(() => import(/* webpackChunkName: "users" */ '../features/users/UsersPage'));
const UserFormPage = lazy(() => import(/* webpackChunkName: "users" */ '../features/users/UserFormPage'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "users" */ '../features/users/ProfilePage'));
const SimpleProfilePage = lazy(() => import(/* webpackChunkName: "users" */ '../features/users/SimpleProfilePage'));
const LogsPage = lazy(() => import(/* webpackChunkName: "logs" */ '../features/logs/LogsPage'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/pages/SettingsPage'));
const TermFormPage = lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/pages/TermFormPage'));
const IntegrationPage = lazy(() => import(/* webpackChunkName: "integration" */ '../features/integration/IntegrationPage'));
const ContentPage = lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/pages/ContentPage'));

interface StaffPage extends GuardedRoute {
  Page: LazyExoticComponent<ComponentType>;
  /** Inside the staff layout (sidebar and top bar). */
  layout: boolean;
}

/** Guarded staff pages. `byRoutes: false`: a staff session is enough (not in the allow-list). */
export const staffPages: StaffPage[] = [
  { path: paths.dashboard, Page: DashboardPage, layout: true, byRoutes: true },
  { path: paths.carrierDashboard, Page: CarrierDashboardPage, layout: true, byRoutes: true },
  { path: paths.history, Page: HistoryPage, layout: true, byRoutes: true },
  { path: paths.rescues, Page: RescuesPage, layout: true, byRoutes: true },
  { path: paths.carrierHome, Page: CarrierHome, layout: true, byRoutes: true },
  { path: paths.dispatchHome, Page: DispatchHome, layout: true, byRoutes: true },
  { path: paths.queueDesk, Page: QueueDeskPage, layout: true, byRoutes: true },
  { path: paths.signagePanel, Page: SignagePanelPage, layout: false, byRoutes: true },
  { path: paths.staffTerms, Page: StaffTermsPage, layout: false, byRoutes: false },
  { path: paths.companies, Page: CompaniesPage, layout: true, byRoutes: true },
  { path: paths.companyNew, Page: CompanyFormPage, layout: true, byRoutes: true },
  { path: paths.companyEdit, Page: CompanyFormPage, layout: true, byRoutes: true },
  { path: paths.customers, Page: CustomersPage, layout: true, byRoutes: true },
  { path: paths.customerImport, Page: CustomerImportPage, layout: true, byRoutes: true },
  { path: paths.customerEdit, Page: CustomerFormPage, layout: true, byRoutes: true },
  { path: paths.shippingCompanies, Page: ShippingCompaniesPage, layout: true, byRoutes: true },
  { path: paths.shippingImport, Page: ShippingImportPage, layout: true, byRoutes: true },
  { path: paths.shippingEdit, Page: ShippingCompanyFormPage, layout: true, byRoutes: true },
  { path: paths.products, Page: ProductsPage, layout: true, byRoutes: true },
  { path: paths.productImport, Page: ProductImportPage, layout: true, byRoutes: true },
  { path: paths.productEdit, Page: ProductFormPage, layout: true, byRoutes: true },
  { path: paths.orders, Page: OrdersPage, layout: true, byRoutes: true },
  { path: paths.orderNew, Page: OrderFormPage, layout: true, byRoutes: true },
  { path: paths.orderEdit, Page: OrderFormPage, layout: true, byRoutes: true },
  { path: paths.loadings, Page: LoadingsPage, layout: true, byRoutes: true },
  { path: paths.brands, Page: BrandsPage, layout: true, byRoutes: true },
  { path: paths.brandNew, Page: BrandFormPage, layout: true, byRoutes: true },
  { path: paths.brandEdit, Page: BrandFormPage, layout: true, byRoutes: true },
  { path: paths.models, Page: ModelsPage, layout: true, byRoutes: true },
  { path: paths.modelNew, Page: ModelFormPage, layout: true, byRoutes: true },
  { path: paths.modelEdit, Page: ModelFormPage, layout: true, byRoutes: true },
  { path: paths.sets, Page: SetsPage, layout: true, byRoutes: true },
  { path: paths.setsLink, Page: LinkPage, layout: true, byRoutes: true },
  { path: paths.drivers, Page: DriversPage, layout: true, byRoutes: true },
  { path: paths.driverNew, Page: DriverFormPage, layout: true, byRoutes: true },
  { path: paths.driverEdit, Page: DriverFormPage, layout: true, byRoutes: true },
  { path: paths.driverLogs, Page: DriverLogsPage, layout: true, byRoutes: true },
  { path: paths.trucks, Page: TrucksPage, layout: true, byRoutes: true },
  { path: paths.truckNew, Page: TruckFormPage, layout: true, byRoutes: true },
  { path: paths.truckEdit, Page: TruckFormPage, layout: true, byRoutes: true },
  { path: paths.users, Page: UsersPage, layout: true, byRoutes: true },
  { path: paths.userNew, Page: UserFormPage, layout: true, byRoutes: true },
  { path: paths.userEdit, Page: UserFormPage, layout: true, byRoutes: true },
  { path: paths.userProfile, Page: ProfilePage, layout: true, byRoutes: true },
  { path: paths.adminProfile, Page: ProfilePage, layout: true, byRoutes: true },
  { path: paths.simpleProfile, Page: SimpleProfilePage, layout: true, byRoutes: true },
  { path: paths.logs, Page: LogsPage, layout: true, byRoutes: true },
  { path: paths.settings, Page: SettingsPage, layout: true, byRoutes: true },
  { path: paths.termForm, Page: TermFormPage, layout: true, byRoutes: true },
  { path: paths.content, Page: ContentPage, layout: true, byRoutes: true },
  { path: paths.integrations, Page: IntegrationPage, layout: true, byRoutes: true },
];

const isStaffPath = (p: string) => !isDriverPath(p);

/** The staff layout around `children` for a signed-in user; the bare page otherwise. */
function InLayoutWhenSignedIn({ children }: { children: ReactNode }) {
  const { data: session, isLoading } = useStaffSessionQuery();
  if (isLoading) return <Spinner />;
  return session ? <StaffLayout>{children}</StaffLayout> : children;
}

/**
 * A sign-in page; a signed-in user is sent back to the page that asked for the sign-in (the
 * guard's `state.from`), or to their landing page.
 */
function SignInPage({ children }: { children: ReactNode }) {
  const { data: session, isLoading } = useStaffSessionQuery();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  return session ? <Navigate to={returnPath(location.state, session.landing)} replace /> : children;
}

export function StaffRoutes() {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route
            path={paths.staffLogin}
            element={
              <SignInPage>
                <LoginPage page="staff" />
              </SignInPage>
            }
          />
          {[paths.dispatchLogin, paths.dispatchLoginAlias].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <SignInPage>
                  <LoginPage page="dispatch" />
                </SignInPage>
              }
            />
          ))}
          <Route path={paths.yardTv} element={<YardTvPage />} />
          <Route path={paths.publicPanel} element={<PublicPanelPage />} />
          <Route
            element={
              <StaffGuard
                routes={staffPages}
                forbidden={
                  <StaffLayout>
                    <NotFoundPage forbidden />
                  </StaffLayout>
                }
              />
            }
          >
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
          <Route
            path="*"
            element={
              <OtherAppRedirect
                isMine={isStaffPath}
                notFound={
                  <InLayoutWhenSignedIn>
                    <NotFoundPage />
                  </InLayoutWhenSignedIn>
                }
              />
            } />
        </Routes>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
