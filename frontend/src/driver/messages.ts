/**
 * The driver app's texts (spec 3 sections 2, 5 and 8 verbatim where the spec gives them; the
 * others are ours and marked so). Kept beside the driver app so the staff texts stay out of
 * its chunks.
 */
export const ENTER_REDIRECT_MS = 5_000;
export const ERROR_PANEL_MS = 5_000;
export const LEAVE_REDIRECT_MS = 2_000;
export const DELETE_REDIRECT_MS = 2_000;
export const POSITION_POLL_MS = 30_000;
export const PANEL_PAGE_SIZE = 10;
export const POPUP_COUNTDOWN_S = 5;
export const CHECKIN_COUNTDOWN_S = 3;
export const CHECKIN_POLL_MS = 30_000;
/** Spec 3 section 9: drivers are advised to arrive up to 6 hours before the forecast. */
export const ARRIVAL_ADVICE_HOURS = 6;

export const dm = {
  // Home
  myPosition: 'Minha Posição',
  consultQueue: 'Consultar Fila',
  maintenance: 'A entrada na fila está em manutenção no momento. Tente novamente mais tarde.', // ours
  delayTitle: 'Atraso no atendimento', // ours
  expeditionTitle: 'Expedição', // ours
  inService: 'Em atendimento',
  noneInService: 'Aguardando os próximos veículos',
  elapsed: (min: number) => `há ${min} min`, // ours
  delayMinutes: (min: number) => `Os horários estão atrasados em ${min} minuto${min === 1 ? '' : 's'}.`, // ours
  // Header menu
  menu: 'Menu',
  menuProfile: 'Perfil',
  menuHistory: 'Histórico',
  menuExpired: 'Autorizações Expiradas',
  menuLog: 'Registro de atividades', // ours: /app/registro (spec 3 section 2)
  menuLogout: 'Sair',
  back: 'Voltar',
  // /app/fila
  queueTitle: 'Fila Virtual', // ours
  queueWaiting: (n: number) => `${n} veículo${n === 1 ? '' : 's'} aguardando na fila.`, // ours
  enterQueue: 'Entrar na Fila',
  alreadyInQueue: 'Você já possui um agendamento na fila',
  // /app/agendamento
  chooseVehicle: 'Escolha o veículo', // ours
  authorisedOrders: 'Pedidos Autorizados',
  refuse: 'Recusar',
  enterQueueOrder: 'Entrar na fila',
  refused: 'Recusado com sucesso!',
  refuseError: 'Erro ao recusar!',
  confirmRefuse: (code: string) => `Recusar o pedido ${code}? Ele sai da sua lista.`, // ours
  noOrders: 'Você não possui pedidos!',
  askLink: 'Peça ao contratante um link de agendamento para entrar na fila.', // ours
  freelancer: 'Entrar como Autônomo', // ours (the spec's freelancer entry)
  expiredButton: 'Autorizações Expiradas',
  noTruck: 'Você não possui caminhão cadastrado. Edite seu perfil para cadastrar um.', // ours
  editProfile: 'Editar Perfil',
  selectVehicle: 'Selecione um veículo!',
  confirmed: 'Marcação Confirmada',
  goingToStatus: 'Você será levado à sua posição em instantes.', // ours
  errorTitle: 'Erro!',
  order: 'Pedido',
  daysLeft: 'Validade', // ours
  quantity: 'Quantidade', // ours
  tonnes: (t: number) => `${t.toLocaleString('pt-BR', { maximumFractionDigits: 3 })} t`,
  // /app/agendamento/status
  statusTitle: 'Minha Posição',
  position: 'Posição',
  positionOf: (n: number) => `${n}º`,
  forecast: 'Previsão de atendimento', // ours
  details: 'Detalhes', // ours
  plate: 'Placa',
  freelancerTag: 'Autônomo',
  around: 'Veículos próximos', // ours
  notInQueue: 'Você não possui marcação na fila',
  leaveQueue: 'Sair da fila',
  seeQueue: 'Ver fila',
  leaveTitle: 'Sair da fila',
  leaveTypeCode: 'Para confirmar, digite o código abaixo.', // ours
  code: 'Código',
  typeCode: 'Dígite o código',
  wrongCode: 'Código incorreto',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  left: 'Você saiu da fila com sucesso',
  leaveError: 'Erro ao sair da fila',
  leaveWindow: (hours: number) =>
    `Não é possível sair da fila a menos de ${hours} ${hours === 1 ? 'hora' : 'horas'} da previsão de carregamento.`,
  serverTime: 'Data e hora do servidor', // ours
  offline: 'sem conexão',
  // ours (issue 23): what an offline screen shows is what was last read, not live.
  offlineLastPosition: (position: string, time: string) =>
    `Última posição lida: ${position} na fila (posição de ${time}). Ela pode ter mudado.`,
  offlineNothingLive: 'Os dados da tela são os últimos lidos e podem ter mudado.',
  statusLabels: {
    pending: 'Aguardando',
    tolerance: 'Em tolerância',
    attended: 'Atendido',
    fault: 'Faltoso',
  } as Record<string, string>,
  live: 'Atualizado agora', // ours
  // /app/painel/fila
  panelTitle: 'Fila', // ours
  time: 'Horário',
  inTolerance: 'Em tolerância',
  you: 'Você', // ours
  emptyPanel: 'Nenhum veículo na fila.', // ours
  previous: 'Anterior',
  next: 'Próxima',
  pageOf: (p: number, n: number) => `Página ${p} de ${n}`,
  // /app/edit
  deleteAccount: 'Deletar Conta',
  deleteTitle: 'Excluir conta', // ours
  deleteHint: 'Digite seu CPF e sua data de nascimento para confirmar.', // ours
  deleteButton: 'Excluir',
  deleted: 'Conta excluida!',
  deleteError: 'Erro ao exluir sua conta',
  deleteInQueue: 'Saia da fila antes de excluir sua conta.', // ours
  cpf: 'CPF',
  birthDate: 'Data de nascimento',
  // /app/edit (the rest)
  name: 'Nome',
  cnh: 'CNH',
  authorisations: 'Autorizo receber mensagens por', // ours
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  emailChannel: 'E-mail',
  save: 'Salvar',
  saved: 'Alterações salvas com sucesso', // ours (spec 3 settings' wording)
  trucks: 'Caminhões', // ours
  renavam: 'Renavam',
  actions: 'Ações', // ours
  edit: 'Editar',
  unbind: 'Desvincular',
  unbound: 'Caminhão desvinculado com sucesso',
  unbindError: (status: number) => `Erro ao Desvincular: ${status}`,
  unbindConfirm: (plate: string) => `Desvincular o caminhão ${plate}?`, // ours
  newTruck: 'Novo Caminhão',
  blockedEdit: (hours: number) =>
    `Seu atendimento está a menos de ${hours} ${hours === 1 ? 'hora' : 'horas'}: alterações bloqueadas até lá.`, // ours
  noTerm: 'A empresa ainda não publicou termos de uso; as autorizações ficam para depois.', // ours
  // /app/create/truck, /app/edit/truck/:id
  newTruckTitle: 'Novo Caminhão',
  editTruckTitle: 'Editar Caminhão', // ours
  owner: 'Proprietário',
  review: 'Revisão', // ours
  // /app/history
  historyTitle: 'Histórico',
  expiredTitle: 'Autorizações Expiradas',
  from: 'De',
  to: 'Até',
  search: 'Pesquisar',
  searching: 'Pesquisando...',
  fromAfterTo: 'A data inicial não pode ser maior que a data final.',
  toBeforeFrom: 'A data final não pode ser menor que a data inicial.',
  noRows: 'Nenhum registro no período.', // ours
  results: 'Resultados', // ours
  expiration: 'Validade', // ours
  reason: 'Motivo', // ours
  removedAt: 'Removido em', // ours
  customer: 'Cliente',
  permittedAt: 'Autorizado em', // ours: the permission date (spec 3 section 2)
  carrier: 'Transportadora',
  noDetails: 'Não há detalhes',
  // /app/registro
  logTitle: 'Registro de atividades', // ours
  clear: (what: string) => `Apagar ${what}`, // ours
  logDone: 'Consulta finalizada!',
  logError: 'Erro ao consultar!',
  seeDetails: 'Ver detalhes',
  company: 'Empresa',
  title: 'Título', // ours
  // /app/como-chegar
  howToArrive: 'Como Chegar',
  noMap: 'A empresa ainda não informou o mapa de chegada.', // ours
  signIn: 'Entrar', // /maps: to the driver login
  mapTitle: (company: string) => `Mapa de chegada: ${company}`, // ours
  // Company pop-up (spec 3 sections 2 and 9)
  popupClose: 'Fechar',
  popupWait: (n: number) => `Fechar (${n})`,
  // Check-in (home and /app/checkin, spec 3 sections 2, 4 and 8)
  checkIn: 'Fazer Check-in',
  waitCall: 'Aguarde ser chamado',
  checkedInAt: (when: string) => `Check-in feito em ${when}`, // ours
  checkinTitle: 'Check-in', // ours
  checkinStep: (n: number) => `Etapa ${n} de 3`, // ours
  checkinWarningTitle: 'Atenção', // ours
  checkinWarning:
    'Faça o check-in somente quando estiver no pátio da empresa, conectado à rede do pátio. Se você sair do pátio ou da fila, o check-in é cancelado e precisa ser feito de novo.', // ours
  checkinContinue: 'Continuar', // ours
  checkinConfirmTitle: 'Confirmar check-in', // ours
  checkinConfirmText: 'Você está no pátio e quer avisar a expedição que chegou?', // ours
  checkinConfirm: 'Confirmar check-in', // ours
  checkinDoneTitle: 'Check-in realizado!', // ours
  checkinBackIn: (n: number) => `Voltando ao início em ${n} s.`, // ours
  checkinCancelledTitle: 'Check-in cancelado', // ours
  checkinCancelledText: 'Seu check-in foi cancelado porque você saiu da rede do pátio ou da fila. Faça o check-in de novo quando estiver no pátio.', // ours
  checkinCancelledAt: (when: string) => `Cancelado em ${when}`, // ours
  ok: 'Ok',
  noPosition: 'Você não tem posição na fila',
  checkinError: 'Erro ao fazer check-in',
  // The yard's call (the expedition's 'Motorista chamado ...', on the driver's phone)
  calledTitle: 'Motorista chamado', // the spec's 'Motorista chamado ...'
  calledText: (plate: string) => `A expedição está chamando o caminhão ${plate}. Dirija-se ao local de carregamento.`, // ours
  calledAt: (time: string) => `Chamado às ${time}`, // ours
  calledOk: 'Estou indo', // ours
  // The phone's one state (issue 22; ours but 'Aguarde ser chamado' and 'Motorista chamado')
  stageWaiting: (n: number) => (n > 0 ? `Você está na fila: ${n}º lugar.` : 'Você está na fila.'),
  stageWaitingHint: 'Faça o check-in quando chegar ao pátio.',
  stageCalledText: 'Dirija-se ao local de carregamento.',
  stageLoading: 'Em carregamento',
  stageLoadingText: 'Seu veículo está sendo carregado. Aguarde a liberação da expedição.',
  stageDone: 'Carregamento concluído',
  stageDoneText: 'Seu atendimento de hoje terminou. Boa viagem!',
  /** Spec 3 section 9: the 6-hour arrival recommendation. */
  arrivalAdvice: (hours: number) =>
    `Recomendamos chegar ao pátio com até ${hours} horas de antecedência da previsão de atendimento.`, // ours
  leaveLoading: 'Seu veículo está em carregamento: não é possível sair da fila agora.',
  leaveDone: 'Seu carregamento foi concluído: você já não está na fila.',
  // Generic
  loadError: 'Não foi possível carregar. Verifique sua conexão.', // ours
  retry: 'Tentar novamente',
} as const;
