/**
 * The registration wizard's rules (spec 3 sections 5 and 8): the fields of each step, their
 * messages, the plate and renavam inputs and the bodies sent. Pure, so they are unit-tested.
 */
import { birthDateToIso, onlyDigits } from '../shared/masks';
import { isValidCpf } from '../shared/validators';

export const rm = {
  title: 'Cadastro de Motorista', // ours
  steps: ['Dados pessoais', 'Caminhão', 'Revisão'], // ours
  stepOf: (n: number, total: number) => `Etapa ${n} de ${total}`, // ours
  name: 'Nome',
  cpf: 'CPF',
  cnh: 'CNH',
  birthDate: 'Data de nascimento',
  phone: 'Telefone',
  email: 'E-mail',
  plate: 'Placa',
  renavam: 'Renavam',
  brand: 'Marca',
  model: 'Modelo',
  chooseBrand: 'Selecione a marca', // ours
  chooseModel: 'Selecione o modelo', // ours
  implementType: 'Tipo de implemento',
  chooseImplement: 'Selecione o tipo de implemento', // ours
  axles: 'Qtd. de eixos',
  gross: 'Capacidade bruta (t)',
  net: 'Capacidade líquida (t)',
  color: 'Cor',
  next: 'Próximo',
  back: 'Voltar',
  finish: 'Concluir',
  // Spec 3 section 5
  nameRequired: 'Nome é obrigatório!',
  nameMax: 'Tamanho máximo de 80 caracteres',
  cpfRequired: 'Número de CPF é obrigatório!',
  cpfInvalid: 'Cpf Inválido',
  birthRequired: 'Data de nascimento é obrigatório!',
  cnhRequired: 'Cnh é obrigatório!', // the server's rule (the staff form's) with the spec's spelling
  plateRequired: 'Placa é obrigatório!',
  renavamRequired: 'Renavam é obrigatório!',
  modelRequired: 'Modelo é obrigatório!',
  implementRequired: 'Tipo de implemento é obrigatório!',
  axlesRequired: 'Quantidade é obrigatório!',
  notTruck: 'A placa informada não corresponde a um caminhão.',
  learnMore: 'Saiba mais', // ours
  plateInvalid: 'Placa inválida',
  // Spec 3 section 8
  registered: 'Cadastro realizado com sucesso',
  duplicate: 'Já existe cadastro!',
  errorPrefix: 'Erro ao Cadastrar: ',
  signUpLink: 'Não tem cadastro? Cadastre-se', // ours
  contactEmail: 'Informe também o e-mail (ou deixe o telefone em branco).', // ours
  contactPhone: 'Informe também o telefone (ou deixe o e-mail em branco).', // ours
} as const;

export const REGISTER_REDIRECT_MS = 2_500;

export interface PersonalStep {
  name: string;
  cpf: string;
  cnh: string;
  birthDate: string;
  fone: string;
  email: string;
}

export interface TruckStep {
  licensePlate: string;
  renavam: string;
  brandId: string;
  modelId: string;
  implementType: string;
  shaftQuantity: number | null;
  grossCapacity: number | null;
  netCapacity: number | null;
  color: string;
}

export type Errors = Record<string, string>;

export const emptyPersonal: PersonalStep = { name: '', cpf: '', cnh: '', birthDate: '', fone: '', email: '' };
export const emptyTruck: TruckStep = {
  licensePlate: '',
  renavam: '',
  brandId: '',
  modelId: '',
  implementType: '',
  shaftQuantity: null,
  grossCapacity: null,
  netCapacity: null,
  color: '#1d4ed8',
};

/** Letters and digits, upper case, at most 7 (special characters stripped). */
export function normalizePlate(value: string): string {
  return (value ?? '')
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, 7);
}

/** 999999999-99 */
export function maskRenavam(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d.length > 9 ? `${d.slice(0, 9)}-${d.slice(9)}` : d;
}

/** CNH: 11 digits. */
export function maskCnh(value: string): string {
  return onlyDigits(value).slice(0, 11);
}

export function checkPersonal(p: PersonalStep): Errors {
  const e: Errors = {};
  const name = p.name.trim();
  if (!name) e.name = rm.nameRequired;
  else if (name.length > 80) e.name = rm.nameMax;
  if (!p.cpf.trim()) e.cpf = rm.cpfRequired;
  else if (!isValidCpf(p.cpf)) e.cpf = rm.cpfInvalid;
  if (!p.cnh.trim()) e.cnh = rm.cnhRequired;
  if (!p.birthDate.trim()) e.birthDate = rm.birthRequired;
  // The contact goes whole (name, phone and e-mail) or not at all.
  if (p.fone.trim() && !p.email.trim()) e.email = rm.contactEmail;
  if (p.email.trim() && !p.fone.trim()) e.fone = rm.contactPhone;
  return e;
}

/** `isTruck`: the server's answer for a 7-character plate (null while unknown). */
export function checkTruck(t: TruckStep, isTruck: boolean | null): Errors {
  const e: Errors = {};
  if (!t.licensePlate) e.licensePlate = rm.plateRequired;
  else if (t.licensePlate.length !== 7 || isTruck === false) e.licensePlate = rm.plateInvalid;
  if (!t.renavam) e.renavam = rm.renavamRequired;
  if (!t.modelId) e.modelId = rm.modelRequired;
  if (!t.implementType) e.implementType = rm.implementRequired;
  else if (!t.shaftQuantity) e.shaftQuantity = rm.axlesRequired;
  return e;
}

/**
 * The reCAPTCHA site key of the registration: the company's own when it asks for reCAPTCHA.
 * Before sign-in the app knows it only for the company served on this host (`GET
 * /company/host`); for another company the server's refusal is shown.
 */
export function registrationCaptchaSite(
  host: { id: number; enableRecaptcha: boolean; recaptchaSite?: string | null } | null | undefined,
  companyId: number,
): string | null {
  if (!host || host.id !== companyId || !host.enableRecaptcha) return null;
  const site = (host.recaptchaSite ?? '').trim();
  return site || null;
}

/** The personal step's body (`POST /driver/app/register`), with the reCAPTCHA token if any. */
export function registerBody(p: PersonalStep, companyId: number, recaptchaToken = '') {
  const contact = p.fone.trim() && p.email.trim() ? [{ name: p.name.trim(), fone: p.fone.trim(), email: p.email.trim() }] : [];
  return {
    name: p.name.trim().toLocaleUpperCase('pt-BR'),
    cpf: p.cpf,
    cnh: p.cnh,
    birthDate: birthDateToIso(p.birthDate) || p.birthDate,
    company: { id: companyId },
    contact,
    recaptcha_token: recaptchaToken,
  };
}

/** The truck step's body (`PATCH /truck/rebind`, signed in as the new driver). */
export function truckBody(t: TruckStep, owner: string) {
  return {
    licensePlate: t.licensePlate,
    renavam: t.renavam.replace(/[^0-9a-z]/gi, ''),
    owner: owner.trim().toLocaleUpperCase('pt-BR'),
    vehicleModel: { id: Number(t.modelId), truckBrand: { id: Number(t.brandId) } },
    color: t.color,
    implementType: t.implementType,
    shaftQuantity: t.shaftQuantity,
    grossCapacity: t.grossCapacity,
    netCapacity: t.netCapacity,
  };
}

/** Which step a field belongs to (a server refusal sends the wizard back there). */
export function stepOfField(field: string): 0 | 1 {
  return ['name', 'cpf', 'cnh', 'birthDate', 'fone', 'email', 'contact'].some((f) => field.startsWith(f)) ? 0 : 1;
}
