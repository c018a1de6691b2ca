/**
 * The client's route map. The SPA is two apps behind one tiny entry: the driver's mobile app
 * and the staff portal. The entry looks at the path once and loads only one of them, so a
 * driver's phone never downloads the staff portal (DESIGN section 7).
 */

export const paths = {
  // Staff
  staffLogin: '/login',
  dispatchLogin: '/expedicao',
  /** The spec's other address of the dispatch sign-in (spec 3 sections 2 and 6). */
  dispatchLoginAlias: '/expedicao/login',
  dashboard: '/dashboard',
  carrierDashboard: '/transportadora/dashboard',
  history: '/historico',
  rescues: '/recuperar',
  carrierHome: '/expedicao/transportadora',
  dispatchHome: '/expedicao/painel',
  /** The public expedition panel: no sign-in, the company of the host. */
  publicPanel: '/painel',
  /** The same panel for the dispatch roles' yard screens. */
  signagePanel: '/elemidia',
  /** The company user's queue desk (spec 3 section 2). */
  queueDesk: '/fila',
  /** The yard TV: no sign-in, works only from the yard's network (checkinIp). */
  yardTv: '/tv',
  staffTerms: '/aprovar-termo/transportadora/empresa/:companyId/:userId',
  adminProfile: '/admin/edit',
  userProfile: '/user/edit',
  simpleProfile: '/perfil',
  // Administration (spec 1 section 2)
  companies: '/empresas',
  companyNew: '/empresa/novo',
  companyEdit: '/empresa/novo/:id',
  customers: '/clientes',
  customerImport: '/cliente/novo',
  customerEdit: '/cliente/novo/:id',
  shippingCompanies: '/transportadoras',
  shippingImport: '/transportadora/novo',
  shippingEdit: '/transportadora/novo/:id',
  users: '/usuarios',
  userNew: '/usuario/novo',
  userEdit: '/usuario/novo/:id',
  logs: '/logs',
  orders: '/pedidos',
  orderNew: '/pedido/novo',
  orderEdit: '/pedido/novo/:id',
  loadings: '/agendamento/novo/:id',
  products: '/produtos',
  productImport: '/produto/novo',
  productEdit: '/produto/novo/:id',
  brands: '/marcas',
  brandNew: '/marca/novo',
  brandEdit: '/marca/:id',
  models: '/modelos',
  modelNew: '/modelo/novo',
  modelEdit: '/modelo/:id',
  sets: '/conjuntos',
  setsLink: '/conjuntos/vincular/transportadora',
  drivers: '/motoristas',
  driverNew: '/motorista/novo',
  driverEdit: '/motorista/novo/:id',
  driverLogs: '/motoristas/logs/:id',
  trucks: '/caminhoes',
  truckNew: '/caminhao/novo',
  truckEdit: '/caminhao/novo/:id',
  // Settings (spec 3 section 2)
  settings: '/settings',
  termForm: '/termos-de-acesso/:companyId/novo/:termId',
  /** The company user's own terms and pop-ups (spec 3 section 6). */
  content: '/conteudo',
  /** API keys and webhooks of a carrier's or company's systems (issue 26). */
  integrations: '/integracoes',
  // Driver
  driverHome: '/',
  driverLogin: '/app/login',
  driverLink: '/driver-login/:token',
  driverTerms: '/aprovar-termo/empresa/:companyId/:driverId',
} as const;

export type LoginPagePath = typeof paths.staffLogin | typeof paths.dispatchLogin;

/**
 * Paths of the driver's app: /, /app and /app/*, /driver-login/*, /aprovar-termo/empresa/*.
 * webpack.config.js holds the same expression for its preload hint (paths.test.ts checks it).
 */
export const DRIVER_PATH = /^\/(?:$|app(?:\/|$)|maps\/?$|driver-login\/|aprovar-termo\/empresa\/)/;

/** Whether `pathname` belongs to the driver's app. */
export function isDriverPath(pathname: string): boolean {
  return DRIVER_PATH.test(pathname || '/');
}

export function staffTermsPath(companyId: number | string, userId: number | string): string {
  return `/aprovar-termo/transportadora/empresa/${companyId}/${userId}`;
}

export function driverTermsPath(companyId: number | string, driverId: number | string): string {
  return `/aprovar-termo/empresa/${companyId}/${driverId}`;
}
