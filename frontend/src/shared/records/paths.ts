/** Paths of the administration screens (patterns in app/paths.ts). */
import { paths } from '../../app/paths';

export const adminPaths = {
  companies: paths.companies,
  companyNew: paths.companyNew,
  companyEdit: (id: number) => `/empresa/novo/${id}`,
  customers: paths.customers,
  customerImport: paths.customerImport,
  customerNew: '/cliente/novo/0',
  customerEdit: (id: number) => `/cliente/novo/${id}`,
  shippingCompanies: paths.shippingCompanies,
  shippingImport: paths.shippingImport,
  shippingNew: '/transportadora/novo/0',
  shippingEdit: (id: number) => `/transportadora/novo/${id}`,
  users: paths.users,
  userNew: paths.userNew,
  userEdit: (id: number) => `/usuario/novo/${id}`,
  logs: paths.logs,
  dashboard: paths.dashboard,
} as const;
