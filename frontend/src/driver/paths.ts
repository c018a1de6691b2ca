/** The driver app's own routes (spec 3 section 2, "Driver app"); all under DRIVER_PATH. */
export const driverPaths = {
  home: '/',
  register: '/app/driver/novo/:companyId',
  queue: '/app/fila',
  scheduling: '/app/agendamento',
  status: '/app/agendamento/status',
  panel: '/app/painel/fila',
  /** The expedition panel: who is loading now, the delay, the queue (spec 3 section 2). */
  expeditionPanel: '/app/painel',
  edit: '/app/edit',
  createTruck: '/app/create/truck',
  editTruck: '/app/edit/truck/:id',
  history: '/app/history',
  log: '/app/registro',
  map: '/app/como-chegar',
  checkin: '/app/checkin',
  publicMap: '/maps',
  expired: '/app/history?tipo=expiradas',
} as const;

export function registerPath(companyId: number): string {
  return `/app/driver/novo/${companyId}`;
}

export function editTruckPath(id: number): string {
  return `/app/edit/truck/${id}`;
}
