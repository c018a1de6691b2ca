/**
 * Texts, paths and sizes of the sets and linking screens (spec 2 "Sets and linking"). Texts the
 * specification gives are copied verbatim; the others are ours.
 */

/** The sets grid: 15 rows first, 16 more per 'Carregar mais' (spec 2 section 9). */
export const SETS_FIRST_PAGE = 15;
export const SETS_MORE_PAGE = 16;
/** The linking screen's grids (spec 2 section 9). */
export const PENDING_PAIRS_PAGE = 2;
export const LINKED_PAIRS_PAGE = 5;
/** Driver search debounce (spec 2 section 9). */
export const SEARCH_DEBOUNCE_MS = 1000;
/** Reload after an unbind (spec 2 section 9). */
export const RELOAD_AFTER_UNBIND_MS = 1000;

export const setsPaths = {
  sets: '/conjuntos',
  link: '/conjuntos/vincular/transportadora',
  driverEdit: (id: number) => `/motorista/novo/${id}`,
  driverLogs: (id: number) => `/motoristas/logs/${id}`,
  truckEdit: (id: number) => `/caminhao/novo/${id}`,
} as const;

export const setsMsg = {
  // Spec texts (spec 2 sections 2, 8)
  loadMore: 'Carregar mais',
  inQueue: 'Na Fila',
  withoutTruck: 'Sem Veículo',
  none: 'Nenhuma',
  unlink: 'Desvincular',
  remove: 'Excluir',
  bind: 'Vincular Veiculos',
  searchDone: 'Consulta finalizada',
  searchError: 'Erro ao consultar',
  unbindErrorPrefix: 'Erro ao Desvincular: ',
  active: 'Ativo',
  inactive: 'Inativo',
  // Ours
  title: 'Conjuntos',
  linkTitle: 'Vincular Veículos à Transportadora',
  linkButton: 'Vincular Veículos',
  exportCsv: 'Exportar CSV',
  exportXlsx: 'Exportar XLSX',
  plate: 'Placa',
  plateSearch: 'Placa do veículo',
  driverSearch: 'Motorista (nome ou CPF)',
  shippingCompany: 'Transportadora',
  status: 'Situação',
  unit: 'Unidade',
  queue: 'Fila',
  queueDate: 'Data/Hora',
  driver: 'Motorista',
  cpfBirth: 'CPF / Nascimento',
  actions: 'Ações',
  model: 'Modelo',
  truckActions: 'Ações do veículo',
  edit: (what: string) => `Editar ${what}`,
  logs: (name: string) => `Logs do motorista ${name}`,
  logInAsDriver: (name: string) => `Entrar como o motorista ${name}`,
  removeDriver: (title: string, name: string) => `${title} o motorista ${name}`,
  removeTruck: (title: string, plate: string) => `${title} o caminhão ${plate}`,
  removeQuestion: (title: string, what: string) => `${title} ${what}?`,
  unbindWarning: 'O vínculo com a transportadora será desfeito.',
  noSets: 'Nenhum conjunto encontrado',
  noTruck: 'Sem veículo',
  end: 'Fim da lista',
  position: (n: number) => `${n}º`,
  chooseShipping: 'Selecione a transportadora',
  chooseTruck: 'Caminhão (placa)',
  chooseDriver: 'Motorista (nome ou CPF)',
  add: 'Adicionar',
  pending: 'Conjuntos a vincular',
  linked: 'Conjuntos vinculados',
  filter: 'Filtrar',
  noPending: 'Adicione caminhão e motorista',
  noLinked: 'Nenhum conjunto vinculado',
  pairTwice: 'Este caminhão já está na lista!',
  driverLinkError: 'Não foi possível abrir o acesso do motorista.',
} as const;

/** The queue labels (spec 2 section 3: pending, tolerance, attended, fault) and their colours. */
export const QUEUE_STATUS: Record<'pending' | 'tolerance' | 'attended' | 'fault', { label: string; color: string }> = {
  pending: { label: 'Na fila', color: 'blue' },
  tolerance: { label: 'Em tolerância', color: 'gold' },
  attended: { label: 'Atendido', color: 'green' },
  fault: { label: 'Falta', color: 'red' },
};

/** The first two words of a driver's name (the list's driver column). */
export function twoWords(name: string): string {
  return name.trim().split(/\s+/).slice(0, 2).join(' ');
}
