/**
 * Texts of the administration screens (spec 1: companies, customers, shipping companies,
 * users and profiles, logs, dashboard). Texts the specification gives are copied verbatim
 * (accents and punctuation included); the others were written for these screens ("ours").
 */

/** Delay between a successful save and the return to the list (spec 1 section 9). */
export const SAVE_REDIRECT_MS = 2000; // the spec's 2–2.5 s counts the page change too

/** Page sizes (spec 1 section 9). */
export const PAGE_SIZE = {
  companies: 6,
  customers: 9,
  shippingCompanies: 8,
  users: 8,
  logGrid: 10,
  logRequest: 30,
} as const;

/** Company grid height (spec 1 section 9). */
export const COMPANY_GRID_HEIGHT = 500;

export const adminMsg = {
  // Spec texts (spec 1 sections 2, 4, 5 and 8)
  saved: 'Cadastro realizado com sucesso',
  deleted: 'Excluido com sucesso!',
  saveErrorPrefix: 'Erro ao Cadastrar: ',
  deleteErrorPrefix: 'Erro ao excluir: ',
  contactDeleteError: 'Erro ao excluir!',
  deleteTitle: (what: string) => `Excluir ${what}?`,
  deleteWarning: 'Esta é uma ação permanente!',
  noResults: 'Nenhum resultado foi encontrado',
  active: 'Ativo',
  inactive: 'Inativo',
  searchDone: 'Consulta finalizada!',
  searchError: 'Erro ao consultar!',
  maxLength: (n: number) => `Tamanho máximo de ${n} caracteres`,
  tradeNameRequired: 'Nome fantasia é obrigatório!',
  cnpjRequired: 'Número de CNPJ é obrigatório!',
  legalNameRequired: 'Razão social é obrigatório!',
  ufRequired: 'Estado é obrigatório!',
  streetRequired: 'Nome da rua é obrigatório!',
  cityRequired: 'Nome da cidade é obrigatório!',
  districtRequired: 'Nome do bairro é obrigatório!',
  zipRequired: 'CEP é obrigatório!',
  stateRegistrationRequired: 'Inscrição Estadual é obrigatório!',
  nameRequired: 'Nome é obrigatório!',
  emailRequired: 'E-mail é obrigatório!',
  emailInvalid: 'E-email inválido',
  companyForUser: 'Selecione uma empresa para o usuário:',
  shippingForUser: 'Selecione uma transportadora para o usuário:',
  usersTitle: 'Gerenciar Usuarios',
  profileTitle: 'Editar/Cadastrar Perfil',
  importButton: 'Importar',
  newCustomer: 'Novo cliente',
  newShippingCompany: 'Nova transportadora',
  register: 'Cadastrar',
  cpfInvalid: 'Cpf Inválido',

  // Server texts the client also checks before sending (same wording as the API)
  cnpjInvalid: 'CNPJ inválido',
  cepInvalid: 'CEP inválido',
  phoneInvalid: 'Telefone inválido',
  numberInvalid: 'Número inválido!',
  ufInvalid: 'Estado inválido!',
  codeRequired: 'Código é obrigatório!',
  codeInvalid: 'Código inválido!',
  passwordRequired: 'Senha é obrigatória!',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres!',
  contactIncomplete: 'Preencha nome, telefone e e-mail do contato!',
  chooseCompany: 'Selecione uma empresa!',
  endBeforeStart: 'A data final não pode ser anterior à data inicial!',
  endAfterToday: 'A data final não pode ser posterior a hoje!',

  // Generic (ours)
  search: 'Pesquisar',
  searchPlaceholder: 'Pesquisar…',
  save: 'Salvar',
  cancel: 'Cancelar',
  back: 'Voltar',
  edit: 'Editar',
  remove: 'Excluir',
  actions: 'Ações',
  clear: 'Limpar',
  loadError: 'Não foi possível carregar os dados.',
  notFound: 'Registro não encontrado.',
  fixFields: 'Corrija os campos destacados.',
  yes: 'Sim',
  no: 'Não',

  // Fields (ours)
  code: 'Código',
  name: 'Nome',
  tradeName: 'Nome fantasia',
  legalName: 'Razão social',
  cnpj: 'CNPJ',
  cnpjOrCpf: 'CNPJ / CPF',
  uf: 'UF',
  city: 'Cidade',
  district: 'Bairro',
  street: 'Rua',
  number: 'Número',
  complement: 'Complemento',
  zipCode: 'CEP',
  website: 'Site',
  status: 'Status',
  stateRegistration: 'Inscrição Estadual',
  company: 'Empresa',
  shippingCompany: 'Transportadora',
  email: 'E-mail',
  phone: 'Telefone',
  cpf: 'CPF',
  role: 'Perfil',
  password: 'Senha',
  passwordKeep: 'Deixe em branco para manter a senha atual',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  dailyReport: 'Receber o relatório diário de carregamentos',
  rootSwitch: 'Administrador root',
  enabledSwitch: 'Usuário ativo',
  chooseCompanyPlaceholder: 'Selecione a empresa',
  chooseShippingPlaceholder: 'Selecione a transportadora',
  chooseRolePlaceholder: 'Selecione o perfil',

  // Postal-code lookup (ours; the server's message is shown when it gives one)
  cepLooking: 'Consultando o CEP…',
  cepFailed: 'Não foi possível consultar o CEP. Preencha o endereço manualmente.',
  cepFilled: 'Endereço preenchido pelo CEP.',

  // Contacts (ours, except the empty-table text above)
  contacts: 'Contatos',
  contactName: 'Nome do contato',
  addContact: 'Adicionar contato',
  removeContact: (name: string) => `Remover o contato ${name}`,
  editContact: (name: string) => `Editar o contato ${name}`,
  saveContact: (name: string) => `Confirmar o contato ${name}`,
  contactDeleteTitle: (name: string) => `Excluir o contato ${name}?`,

  // Companies
  companiesTitle: 'Empresas',
  newCompany: 'Nova empresa',
  companyFormTitle: 'Empresa',
  companySearch: 'Pesquisar por nome, CNPJ ou razão social',
  companyDelete: (name: string) => `a empresa ${name}`,

  // Customers
  customersTitle: 'Clientes',
  customerFormTitle: 'Cliente',
  customerSearch: 'Pesquisar por nome, CNPJ ou código',
  customerDelete: (name: string) => `o cliente ${name}`,
  customerImportTitle: 'Importar clientes',

  // Shipping companies
  shippingTitle: 'Transportadoras',
  shippingFormTitle: 'Transportadora',
  shippingSearch: 'Pesquisar por nome, CNPJ ou código',
  shippingDelete: (name: string) => `a transportadora ${name}`,
  shippingImportTitle: 'Importar transportadoras',
  shippingWarning: 'Transportadora sem usuário ou senha de acesso',
  shippingEnabled: 'Transportadora ativa',
  loginSection: 'Acesso da transportadora',
  loginEmail: 'E-mail de acesso',
  usersSection: 'Usuários da transportadora',
  usersAuthorization: 'Autorizações de contato',
  noUsers: 'Nenhum usuário cadastrado para esta transportadora.',

  // CSV import (ours)
  importPick: 'Selecionar arquivo CSV',
  importTemplate: 'Baixar modelo CSV',
  importHelp: (columns: string) =>
    `Colunas, nesta ordem: ${columns}. A primeira linha é o cabeçalho; linhas sem código são ignoradas.`,
  importRows: (n: number) => (n === 1 ? '1 linha pronta para importar.' : `${n} linhas prontas para importar.`),
  importBadRows: (n: number) =>
    n === 1
      ? '1 linha com erro: corrija o arquivo e escolha-o de novo para importar.'
      : `${n} linhas com erro: corrija o arquivo e escolha-o de novo para importar.`,
  importChecking: 'Conferindo as linhas...',
  importStatus: 'Situação',
  importRowReady: 'Pronta',
  importSkipped: (n: number) => (n === 1 ? '1 linha sem código foi ignorada.' : `${n} linhas sem código foram ignoradas.`),
  importEmpty: 'O arquivo não tem linhas para importar.',
  importReadError: 'Não foi possível ler o arquivo. Verifique se é um CSV.',
  importSave: 'Importar linhas',
  importDone: (created: number, updated: number) =>
    `Importação concluída: ${created} cadastrado(s), ${updated} atualizado(s).`,
  importFailed: 'Erro ao importar: ',
  importLine: 'Linha',
  importFile: (name: string) => `Arquivo: ${name}`,
  importCompany: 'Empresa de destino',

  // Users
  userFormTitle: 'Usuário',
  userSearch: 'Pesquisar por nome',
  filterCompany: 'Filtrar por empresa',
  filterRole: 'Filtrar por perfil',
  clearCompany: 'Limpar filtro de empresa',
  clearRole: 'Limpar filtro de perfil',
  userDelete: (name: string) => `o usuário ${name}`,
  contactAuthorization: 'Autorizo o contato por:',

  // Logs
  logsTitle: 'Logs',
  logOperation: 'Tipo de operação',
  logObject: 'Tipo de objeto',
  logUser: 'Usuário',
  logText: 'Texto',
  logStart: 'Data inicial',
  logEnd: 'Data final',
  logDate: 'Data',
  logTitle: 'Descrição',
  logDetails: 'Detalhes',
  logShowDetails: 'Ver detalhes',
  logIp: 'IP',
  logLoadMore: 'Carregar mais',
  logNoDetails: 'Sem detalhes.',
  logPick: 'Selecione um registro para ver os detalhes.',
  all: 'Todos',

  // Dashboard
  dashboardTitle: 'Dashboard',
  dashFrom: 'De',
  dashTo: 'Até',
  dashCompany: 'Empresa',
  dashAllCompanies: 'Todas as empresas',
  dashFaulty: 'Faltosos',
  dashAttended: 'Atendidos',
  dashProgrammed: 'Programados',
  dashOrders: 'Pedidos',
  dashComplete: 'Concluídos',
  dashProcess: 'Em andamento',
  dashScheduling: 'Agendamentos',
  dashNoData: 'Sem dados no período.',
  dashCarrierLink: 'Transportadora Dashboard',
  dashQueueDeskLink: 'Fila virtual',
  dashChartOf: (title: string) => `Gráfico: ${title}`,
} as const;
