/**
 * Every text a person reads in the web client, in Brazilian Portuguese, in one place.
 * Texts the specification gives are copied verbatim (accents and punctuation included);
 * the others were written for this client and are marked "ours".
 */

/** Toast durations, in seconds (spec 1 section 9). */
export const TOAST_SECONDS = 5;
export const TOAST_BLOCKED_SECONDS = 10;
/** Delay before a refused staff route sends the user to the login page (spec 1 section 9). */
export const GUARD_REDIRECT_MS = 500;
/** Delay between accepting the terms and the redirect (spec 3 section 2). */
// 2 s after the answer: with the page change the user waits within the spec's 2–2.5 s.
export const TERMS_REDIRECT_MS = 2000;

export const APP_NAME = 'Pátio';

export const msg = {
  // Generic (ours)
  loading: 'Carregando…',
  retry: 'Tentar novamente',
  connectionError: 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
  unexpectedError: 'Algo deu errado. Tente novamente.',
  bootError: 'Não foi possível carregar o aplicativo. Verifique sua internet.',
  notFoundTitle: 'Página não encontrada',
  notFoundBack: 'Voltar ao início',
  close: 'Fechar',

  // Sign-in pages (spec 1 sections 1, 6 and 8)
  email: 'E-mail',
  password: 'Senha',
  enter: 'Entrar',
  emailRequired: 'E-mail é obrigatório!',
  emailInvalid: 'E-email inválido',
  passwordRequired: 'Senha é obrigatória!', // ours: the spec names no text
  invalidCredentials: 'Usuário ou senha inválido',
  blocked: 'Usuário bloqueado, fale com o administrador do sistema!',
  forbidden: 'Você não tem permissão de acesso!',
  captchaRequired: 'Confirme que você não é um robô.',
  staffLoginTitle: 'Acesso ao sistema',
  dispatchLoginTitle: 'Acesso da expedição',
  privacyAndTerms: 'Política de Privacidade e Termos de Uso',
  noTermsText: 'Esta empresa ainda não publicou a política de privacidade e os termos de uso.',
  poweredBy: 'Powered by Pátio',
  dispatchNotice:
    'Aviso: o retorno da expedição foi adiado para 12 de janeiro. As posições na fila foram mantidas.',

  // Cookie consent (ours; the spec asks for the banner and its 150-day cookie)
  cookieText:
    'Usamos cookies essenciais para manter você conectado e melhorar sua experiência. Ao continuar, você concorda com o uso de cookies.',
  cookieAccept: 'Aceitar',
  cookieRegion: 'Aviso de cookies',

  // Driver login (spec 1 sections 2, 4, 8 and 9; spec 3 section 5)
  cpf: 'CPF',
  birthDate: 'Data de nascimento',
  cpfRequired: 'Número de CPF é obrigatório!',
  cpfInvalid: 'Cpf Inválido',
  birthDateRequired: 'Data de nascimento é obrigatório!',
  birthDateInvalid: 'Data de nascimento inválida', // ours
  cpfPlaceholder: '000.000.000-00',
  birthDatePlaceholder: 'dd/mm/aaaa',
  phonePlaceholder: '(00) 0 0000-0000',
  company: 'Empresa',
  chooseCompany: 'Selecione a empresa',
  companyRequired: 'Selecione uma empresa!', // ours
  driverLoginTitle: 'Acesso do motorista', // ours
  attendance: 'Atendimento',
  attendanceOpen: 'Aberto',
  attendanceClosed: 'Fechado',
  operatingHours: (start: string, end: string) => `Horário: ${start} às ${end}`,
  operatingDays: 'Dias',
  weekDays: ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const,
  linkInvalid: 'Link inválido ou expirado',

  // Driver company transfer (spec 1 sections 4 and 8; texts of the modal are ours)
  transferTitle: 'Cadastro em outra empresa',
  transferIntro: (company: string) => `Você está cadastrado na empresa ${company}.`,
  transferUnlink:
    'Ao continuar, o motorista e o veículo serão desvinculados da fila da outra empresa.',
  transferQueueDate: (date: string) => `Data na fila: ${date}`,
  transferCancel:
    'A posição na fila, com a data e a hora previstas, será cancelada automaticamente.',
  transferCodePrompt: (code: number) => `Para confirmar, digite o código ${code}:`,
  transferCodeLabel: 'Código de confirmação',
  transferConfirm: 'Sim',
  transferNo: 'Não',
  transferTokenInvalid: 'Token inválido',

  // Terms approval (spec 3 sections 2, 5 and 8)
  termsTitle: 'Política de Privacidade e Termos de Uso',
  termsVersion: (date: string) => `Versão de ${date}`,
  termsContactTitle: 'Confirme seus dados de contato', // ours
  termsContactAuthorization: 'Autorizo o contato por:', // ours
  termsName: 'Nome',
  termsPhone: 'Telefone',
  termsEmail: 'E-mail',
  termsSms: 'SMS',
  termsWhats: 'WhatsApp',
  termsEmailChannel: 'E-mail',
  termsRefuse: 'Não aceito',
  termsAccept: 'Eu aceito os termos acima',
  termsFillAll: 'Preencha todos os campos!',
  termsMissingFields: (fields: string[]) => `Falta: ${fields.join(', ')}.`, // ours
  termsAccepted: 'Login realizado com sucesso',
  termsMissing: 'Não há termo de uso ativo para esta empresa.', // ours
  termsContinue: 'Continuar', // ours

  // Staff chrome (spec 1 section 2)
  profile: 'Perfil',
  logout: 'Sair',
  menu: 'Menu',
  home: 'Início', // ours: the way back to the landing page
  titleAdmin: 'Admin - ',

  // Landing pages (ours)
  hello: (firstName: string) => `Olá, ${firstName}!`,
  landingCompany: 'Empresa',
  landingRole: 'Perfil de acesso',
  landingNoCompany: 'Todas as empresas',
  /** Display names of the roles (the wire spellings carry no accents). */
  roleLabels: {
    Administrador: 'Administrador',
    Usuario: 'Usuário',
    Transportadora: 'Transportadora',
    Expedicao: 'Expedição',
    Espectador: 'Espectador',
    Portaria: 'Portaria',
  } as Record<string, string>,
  landingCarrier: 'A Fila Virtual da transportadora ainda não está disponível nesta versão. Use o menu para consultar seus pedidos.',
  landingDispatch: 'O painel da expedição ainda não está disponível nesta versão.',

  // Driver home (spec 3 section 2)
  driverGreetingCompany: (company: string) => `Você está conectado à ${company}.`,
} as const;
