/**
 * Texts of the settings screens (/settings and the term form), in Brazilian Portuguese.
 * Texts the specification gives (spec 3 sections 2, 4, 5 and 8) are copied verbatim; the
 * validation texts are the server's own (domain::settings), so the form says before sending
 * exactly what the server would answer; the rest were written for this client ("ours").
 */

/** Delay between a successful save and the reload of /settings (spec 3 section 8). */
export const SETTINGS_RELOAD_MS = 2000; // within the spec's 2–2.5 s, page change included
/** Delay between a saved term and the return to /settings (spec 3 section 2). */
export const TERM_REDIRECT_MS = 2000;
/** Rows per page of the settings grids (spec 3 section 9). */
export const SETTINGS_PAGE_SIZE = 10;

export const sm = {
  // Page and tabs (spec 3 section 2)
  pageTitle: 'Configurações', // ours
  company: 'Empresa',
  chooseCompany: 'Selecione a empresa',
  noCompanies: 'Nenhuma empresa cadastrada.', // ours
  tabSystem: 'Sistema',
  tabSystemBadge: 'Ativo',
  tabDelay: 'Atraso',
  tabInfo: 'Informações',
  tabInfoBadge: 'Geral',
  tabBlocks: 'Bloqueios',
  tabTerms: 'Termos',
  tabPopups: 'Pop-ups',
  loadError: 'Não foi possível carregar as configurações.', // ours

  // Save (spec 3 section 8)
  save: 'Salvar',
  saving: 'Salvando...', // ours
  saved: 'Alterações salvas com sucesso',
  saveError: 'Erro ao cadastrar',
  fixFields: 'Corrija os campos destacados.', // ours
  discardTitle: 'Descartar as alterações?', // ours
  discardText: 'As alterações não salvas desta empresa serão perdidas.', // ours
  discardOk: 'Descartar', // ours
  unsavedHint: 'As alterações das abas Sistema, Atraso e Informações são gravadas com o botão Salvar.', // ours

  // Sistema (spec 3 sections 2 and 4)
  queueSwitch: 'Fila', // ours
  queueOpen: 'Aberta', // ours
  queueClosed: 'Fechada', // ours
  queueHelp: 'Com a fila fechada, os motoristas não conseguem entrar na fila.', // ours
  checkinSwitch: 'Check-in', // ours
  checkinOpen: 'Aberto', // ours
  checkinClosed: 'Fechado', // ours
  freelancerSwitch: 'Fila sem agendamento (autônomos)', // ours
  freelancerOn: 'Permitida', // ours
  freelancerOff: 'Bloqueada', // ours
  toleranceSwitch: 'Tolerância', // ours
  toleranceOn: 'Ligada', // ours
  toleranceOff: 'Desligada', // ours
  toleranceHelp: 'Liga ou desliga na hora, sem precisar salvar.', // ours
  toleranceTurnedOn: 'Tolerância ligada', // ours
  toleranceTurnedOff: 'Tolerância desligada', // ours
  resetQueue: 'Resetar fila', // ours
  resettingQueue: 'Resetando fila...',
  queueReset: 'Fila resetada',
  resetConfirmTitle: 'Resetar a fila?', // ours
  resetConfirmText:
    'Todos os veículos voltam para o início do período atual e são redistribuídos pelos próximos dias, pelas regras da fila.', // ours
  resetConfirmOk: 'Resetar', // ours
  cancel: 'Cancelar',
  nextDateTitle: 'Próxima vaga na fila', // ours
  nextDate: (label: string, time: string | null) => (time ? `${label} às ${time}` : label), // ours
  nextDateNone: 'Nenhuma vaga ao alcance (confira os dias, horários e bloqueios).', // ours
  nextDateNotPlanned: 'Ainda não calculada: resete a fila para calcular.', // ours
  nextDatePlanned: (at: string) => `Calculada em ${at}.`, // ours
  nextDateHelp:
    'A fila é recalculada a cada mudança; depois de alterar horários ou bloqueios, resete a fila para aplicar as novas datas agora.', // ours

  // Atraso (spec 3 sections 3 and 5)
  delayReason: 'Motivo',
  delayTime: 'Tempo',
  delayIcon: 'Ícone',
  delayNoIcon: 'Sem ícone', // ours
  delayAdd: 'Adicionar', // ours
  delayNew: 'Novo (salve para gravar)', // ours
  delayEmpty: 'Nenhum motivo de atraso cadastrado.', // ours
  delayTimePlaceholder: 'HH:mm',
  delayDeleteConfirm: 'Excluir este motivo de atraso?', // ours

  // Informações (spec 3 sections 3 and 5)
  hoursTitle: 'Horário de atendimento', // ours
  start: 'Início do atendimento', // ours
  end: 'Fim do atendimento', // ours
  startInterval: 'Início do intervalo', // ours
  endInterval: 'Fim do intervalo', // ours
  timeAttendence: 'Tempo por atendimento (HH:mm)', // ours
  weekDays: 'Dias de atendimento', // ours
  limitsTitle: 'Limites', // ours
  programmedTotal: 'Total programado por dia', // ours
  programmedTotalHelp: '0: sem limite além dos horários.', // ours
  schedulingDayLimit: 'Limite de dias para agendamento', // ours
  schedulingDayLimitHelp: 'Vazio: sem limite.', // ours
  hourEntryLimit: 'Antecedência mínima para entrar na fila (horas)', // ours
  queueEditHoursLimit: 'Limite para sair da fila (horas antes da previsão)', // ours
  tolerance: 'Tolerância (HH:MM)', // ours
  missingTitle: 'Validação de faltas', // ours
  missingSwitch: 'Validar faltas', // ours
  missingLimit: 'Limite de faltas', // ours
  missingBlockDays: 'Dias de bloqueio', // ours
  missingPeriod: 'Período de validação', // ours
  days: (n: number) => `${n} Dias`,
  checkinTitle: 'Check-in', // ours
  checkinIp: 'IP do check-in', // ours
  checkinIpAdd: 'Adicionar IP', // ours
  checkinIpRemove: 'Remover IP', // ours
  checkinIpHelp: 'No máximo 2 IPs. O check-in e a TV funcionam só nesses endereços.', // ours
  mapTitle: 'Mapa', // ours
  googleMaps: 'URL de incorporação do Google Maps', // ours
  googleMapsHelp: 'Cole o endereço (https://www.google.com/maps/embed?...) ou o código <iframe>.', // ours
  recaptchaTitle: 'reCAPTCHA', // ours
  recaptchaSwitch: 'Exigir reCAPTCHA no login', // ours
  recaptchaSite: 'Chave do site', // ours
  recaptchaSecret: 'Chave secreta', // ours
  logoTitle: 'Logo', // ours
  logoChoose: 'Escolher imagem', // ours
  logoCurrent: 'Logo atual', // ours
  logoNone: 'Nenhum logo enviado.', // ours
  logoCropTitle: 'Recortar logo', // ours
  logoZoom: 'Zoom', // ours
  logoPreview: 'Pré-visualização', // ours
  logoSend: 'Enviar logo', // ours
  logoSent: 'Logo enviado com sucesso!', // ours
  logoType: 'A imagem deve ser PNG ou JPEG.',
  logoTooLarge: 'A imagem deve ter no máximo 2 MB.',
  imageReadError: 'Não foi possível ler a imagem.', // ours

  // Bloqueios (spec 3 sections 3, 5 and 8)
  blockTitle: 'Título',
  blockTitlePlaceholder: 'Ex.: Feriado de Carnaval', // ours
  blockDates: 'Datas', // ours
  blockDatesRequired: 'Data é obrigatório',
  blockSaved: 'Bloqueio de Datas salvo!',
  blockFirst: 'Data inicial', // ours
  blockLast: 'Data final', // ours
  blockDays: 'Dias', // ours
  blockEmpty: 'Nenhuma data bloqueada.', // ours
  blockDeleteConfirm: 'Excluir este bloqueio de datas?', // ours
  blockTooMany: 'Selecione no máximo 366 dias.',

  // Deletes (spec 3 section 8)
  deleted: 'Excluido com sucesso!',
  deleteError: 'Erro ao excluir!',
  delete: 'Excluir', // ours
  edit: 'Editar', // ours
  actions: 'Ações', // ours
  yes: 'Sim',
  no: 'Não',

  // Termos (spec 3 sections 2 and 8)
  termsList: 'Termos de uso', // ours
  termNew: 'Cadastrar',
  termTitle: 'Título',
  termActive: 'Ativo', // ours
  termActivate: 'Ativar Termo',
  termContent: 'Conteúdo', // ours
  termUpdatedAt: 'Atualizado em', // ours
  termEmpty: 'Nenhum termo cadastrado.', // ours
  termFormTitleNew: 'Novo termo de acesso', // ours
  termFormTitleEdit: 'Editar termo de acesso', // ours
  termBack: 'Voltar',
  termSaved: 'Cadastro realizado com sucesso',
  termDuplicate: 'Dado já cadastrado!',
  termError: (serverMessage: string) => `Erro ao Cadastrar: ${serverMessage}`,
  termDeleteConfirm: 'Excluir este termo?', // ours
  termNotFound: 'Termo não encontrado.', // ours
  termActiveHelp: 'Ao ativar, os outros termos da empresa são desativados e todos precisam aceitar o novo texto.', // ours

  // Pop-ups (spec 3 sections 2, 3 and 8)
  popupsList: 'Pop-ups', // ours
  popupFormNew: 'Novo pop-up', // ours
  popupFormEdit: 'Editar pop-up', // ours
  popupNewButton: 'Novo pop-up', // ours
  popupStart: 'Início', // ours
  popupEnd: 'Fim', // ours
  popupActive: 'Ativo', // ours
  popupTitle: 'Título',
  popupLabel: 'Descrição', // ours
  popupImage: 'Imagem', // ours
  popupImageChoose: 'Escolher imagem (PNG ou JPEG)', // ours
  popupImageRemove: 'Remover imagem', // ours
  popupImageType: 'A imagem deve ser PNG ou JPEG.',
  popupContent: 'Conteúdo', // ours
  popupViews: 'Visualizações', // ours
  popupViewsUnique: 'Motoristas', // ours
  popupPreview: 'Pré-visualização', // ours
  popupPreviewEmpty: 'O pop-up aparece aqui enquanto você preenche o formulário.', // ours
  popupCreated: 'Popup criado com sucesso!',
  popupUpdated: 'Popup atualizado com sucesso!',
  popupCreateError: 'Erro ao criar popup!',
  popupUploadError: 'Erro ao fazer upload da imagem!',
  popupDeleted: 'Pop-up deletado com sucesso!',
  popupDeleteError: 'Erro ao deletar pop-up!',
  popupDeleteConfirm: 'Excluir este pop-up?', // ours
  popupEmpty: 'Nenhum pop-up cadastrado.', // ours
  popupNoLimit: 'Sem limite', // ours
  popupClose: 'Fechar',

  // Validation (the server's texts: domain::settings)
  required: 'Campo obrigatório', // ours
  titleRequired: 'Título é obrigatório',
  titleTooLong: 'Tamanho máximo de 100 caracteres',
  labelTooLong: 'Tamanho máximo de 255 caracteres',
  contentRequired: 'Conteúdo é obrigatório',
  timeFormat: 'Informe o horário no formato HH:mm.',
  endBeforeStart: 'O horário final deve ser depois do horário inicial.',
  intervalOrder: 'O fim do intervalo deve ser depois do início do intervalo.',
  intervalOutside: 'O intervalo deve estar dentro do horário de atendimento.',
  tooManyIps: 'Informe no máximo 2 IPs.',
  invalidIp: (typed: string) => `IP inválido: ${typed}`,
  period: 'Período de validação deve ser 30, 60, 90, 120, 150 ou 180 dias.',
  notANumber: 'Informe um número inteiro.',
  negative: 'Informe um número maior ou igual a zero.',
  tooHigh: (max: number) => `Informe no máximo ${max}.`,
  missingLimitRequired: 'Informe o limite de faltas (pelo menos 1) para validar as faltas.',
  googleMapsInvalid: 'Informe o endereço de incorporação do Google Maps (começando com https://).',
  recaptchaSiteRequired: 'Informe a chave do site do reCAPTCHA.',
  recaptchaSecretRequired: 'Informe a chave secreta do reCAPTCHA.',
  delayReasonRequired: 'Informe o motivo do atraso.',
  delayReasonTooLong: 'Tamanho máximo de 80 caracteres',
  delayTimeInvalid: 'Informe o tempo do atraso (HH:mm ou minutos, até 24 horas).',
  popupEndBeforeStart: 'A data final não pode ser anterior à data inicial.',
} as const;

/** Icons offered for a delay reason (shown on the driver's delay banner). */
export const DELAY_ICONS: readonly { value: string; label: string }[] = [
  { value: '🌧️', label: '🌧️ Chuva' },
  { value: '🚧', label: '🚧 Obras' },
  { value: '⚙️', label: '⚙️ Manutenção' },
  { value: '🚚', label: '🚚 Caminhões' },
  { value: '⏰', label: '⏰ Horário' },
  { value: '⚠️', label: '⚠️ Aviso' },
  { value: '🔌', label: '🔌 Energia' },
  { value: '🍽️', label: '🍽️ Refeição' },
];
