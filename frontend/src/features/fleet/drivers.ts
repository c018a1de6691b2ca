/**
 * Texts, paths, sizes and pure helpers of the driver screens (spec 2 "Drivers", sections 5, 8
 * and 9). Texts the spec gives are copied verbatim (the staff driver form's messages are
 * written without accents there); the others are ours. The server checks the same rules and
 * answers 422 with the same messages.
 */
import { isValidCpf } from '../../shared/validators';
import { birthDateToIso, isoToBirthDate, onlyDigits } from '../../shared/masks';
import { addDays } from '../../shared/records/dates';
import type { FormRules } from '../../shared/records/validation';
import type { Filled, Schema } from '../../shared/api/types';

export const DRIVER_PAGE_SIZE = 8;
export const DRIVER_LOG_PAGE_SIZE = 10;
/** The name input stops at 25 characters; the server accepts up to 80 (spec 2 section 5). */
export const DRIVER_NAME_INPUT = 25;
export const DRIVER_NAME_MAX = 80;
export const CNH_MAX = 11;
export const CPF_MASKED_LENGTH = 14;
/** Reload after an unbind (spec 2 section 9). */
export const UNBIND_RELOAD_MS = 1000;
/** Default log range: From today, To seven days later. */
export const LOG_DEFAULT_DAYS = 7;

export const driverPaths = {
  list: '/motoristas',
  create: '/motorista/novo',
  edit: (id: number) => `/motorista/novo/${id}`,
  logs: (id: number) => `/motoristas/logs/${id}`,
} as const;

export const driverMsg = {
  // Spec texts (spec 2 sections 5 and 8)
  nameRequired: 'Nome e obrigatorio!',
  maxLength: (n: number) => `Tamanho maximo de ${n} caracteres`,
  cpfRequired: 'Numero de CPF e obrigatorio!',
  cpfLength: 'Cpf deve ter 11 caracteres',
  cpfInvalid: 'Cpf Inválido',
  cnhRequired: 'Cnh e obrigatorio!',
  birthRequired: 'Data de nascimento e obrigatorio!',
  created: 'Cadastro realizado com sucesso',
  edited: 'Edicao realizada com sucesso',
  duplicate: 'Erro ao cadastrar, estes dados ja existem',
  saveErrorPrefix: 'Erro ao Cadastrar: ',
  overrideFailed: 'Usuario ou senha invalido',
  unbound: 'Motorista desvinculado com sucesso',
  unbindErrorPrefix: 'Erro ao Desvincular: ',
  searchDone: 'Consulta finalizada!',
  searchError: 'Erro ao consultar!',
  searching: 'Pesquisando...',
  seeDetails: 'Ver detalhes',
  noDetails: 'Não há detalhes',
  // Ours
  birthInvalid: 'Data de nascimento inválida',
  listTitle: 'Gerenciar Motoristas',
  searchLabel: 'Buscar Motorista',
  create: 'Cadastrar',
  newTitle: 'Cadastrar Motorista',
  editTitle: 'Editar Motorista',
  name: 'Nome',
  cpf: 'CPF',
  cnh: 'CNH',
  birthDate: 'Data de nascimento',
  enabled: 'Ativo',
  company: 'Empresa',
  shippingCompany: 'Transportadora',
  noShipping: 'Nenhuma',
  status: 'Status',
  filterShipping: 'Filtrar por transportadora',
  clearShipping: 'Limpar filtro de transportadora',
  edit: (name: string) => `Editar ${name}`,
  remove: (name: string) => `Excluir o motorista ${name}`,
  unbind: (name: string) => `Desvincular ${name} da transportadora`,
  unbindTitle: (name: string) => `Desvincular o motorista ${name}?`,
  unbindContent: 'O motorista deixará de pertencer à transportadora.',
  unbindOk: 'Desvincular',
  loginAs: (name: string) => `Entrar como ${name}`,
  logsOf: (name: string) => `Registros de ${name}`,
  popupBlocked: 'Permita janelas pop-up para entrar como o motorista.',
  linkError: 'Não foi possível gerar o link de acesso do motorista.',
  moveTitle: 'Motorista na fila de outra empresa',
  moveIntro: (company: string) => `Este motorista está vinculado à empresa ${company}.`,
  moveUnlink:
    'Ao confirmar, motorista e veículo serão desvinculados dos pedidos e da fila dessa empresa, e a posição na fila será cancelada automaticamente.',
  moveQueueDate: (date: string) => `Data na fila: ${date}`,
  moveQuestion: 'Deseja continuar?',
  yes: 'Sim',
  no: 'Não',
  trucks: 'Caminhões',
  addTruck: 'Adicionar caminhão',
  addTruckOk: 'Adicionar',
  editTruck: (plate: string) => `Editar o caminhão ${plate}`,
  saveTruck: (plate: string) => `Confirmar o caminhão ${plate}`,
  removeTruck: (plate: string) => `Remover o caminhão ${plate}`,
  noTrucks: 'Nenhum caminhão vinculado a este motorista.',
  truckNew: 'Novo (salve o motorista)',
  // The server's text for the same rule (application drivers.rs).
  truckRepeated: 'Placa repetida na lista de caminhões.',
  logsTitle: 'Registros do Motorista',
  from: 'De',
  to: 'Até',
  clearFrom: 'Limpar data inicial',
  clearTo: 'Limpar data final',
  back: 'Voltar',
  search: 'Pesquisar',
  details: 'Detalhes',
  pickRow: 'Selecione um registro para ver os detalhes.',
  title: 'Título',
  date: 'Data',
  endBeforeStart: 'A data final não pode ser menor que a data inicial.',
} as const;

/** The staff driver form's field rules (spec 2 section 5), checked before sending. */
export const driverRules: FormRules = {
  name: {
    required: driverMsg.nameRequired,
    check: (v) => (Array.from(v.trim()).length > DRIVER_NAME_MAX ? driverMsg.maxLength(DRIVER_NAME_MAX) : null),
  },
  cpf: {
    required: driverMsg.cpfRequired,
    check: (v) => {
      if (onlyDigits(v).length !== 11) return driverMsg.cpfLength;
      return isValidCpf(v) ? null : driverMsg.cpfInvalid;
    },
  },
  cnh: {
    required: driverMsg.cnhRequired,
    check: (v) => (Array.from(v.trim()).length > CNH_MAX ? driverMsg.maxLength(CNH_MAX) : null),
  },
  birthDate: {
    required: driverMsg.birthRequired,
    check: (v) => checkBirthDate(v),
  },
};

/** dd/mm/yyyy, a real day, not in the future. */
export function checkBirthDate(value: string, today: Date = new Date()): string | null {
  const iso = birthDateToIso(value);
  if (!iso) return driverMsg.birthInvalid;
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return driverMsg.birthInvalid;
  return date.getTime() > today.getTime() ? driverMsg.birthInvalid : null;
}

/** The name as it is saved: spaces collapsed, upper case. */
export function driverName(value: string): string {
  return value.split(/\s+/).filter(Boolean).join(' ').toUpperCase();
}

/** A truck row of the driver form: plate and renavam; the rest is read from a saved truck. */
export interface TruckRow {
  id?: number;
  licensePlate: string;
  renavam: string;
  model?: string | null;
  netCapacity?: number | null;
  /** A saved truck edited in its row (only new and edited rows are sent). */
  changed?: boolean;
}

/** A contact row of the driver form. */
/** A contact row of the form: `id` only once saved. */
export type ContactRow = Omit<Filled<Schema<'ContactItem'>>, 'id'> & { id?: number };

/** A fleet record's saved contacts as form rows (drivers and trucks). */
export function contactRows(
  list: { id: number; name: string; fone?: string | null; email?: string | null; whatsapp: boolean }[] | undefined,
): ContactRow[] {
  return (list ?? []).map((c) => ({ id: c.id, name: c.name, fone: c.fone ?? '', email: c.email ?? '', whatsapp: c.whatsapp }));
}

/** A contact row as the save calls take it. */
export function contactBody(c: ContactRow) {
  return { ...(c.id ? { id: c.id } : {}), name: c.name.trim(), fone: c.fone, email: c.email.trim(), whatsapp: c.whatsapp };
}

/** What the form edits. */
export interface DriverValues {
  name: string;
  cpf: string;
  cnh: string;
  /** dd/mm/yyyy */
  birthDate: string;
  isEnabled: boolean;
  companyId: number | null;
  shippingCompanyId: number | null;
  contact: ContactRow[];
  truck: TruckRow[];
}

/** The form's values of a driver as read (or of a new one). */
export function driverValues(
  d:
    | {
        name: string;
        cpf: string;
        cnh?: string | null;
        birthDate: string;
        isEnabled: boolean;
        company: { id: number };
        shippingCompany?: { id: number } | null;
        contact: { id: number; name: string; fone?: string | null; email?: string | null; whatsapp: boolean }[];
        truck?: { id: number; licensePlate: string; renavam?: string | null; model?: string | null; netCapacity?: number | null }[];
      }
    | undefined,
): DriverValues {
  return {
    name: d?.name ?? '',
    cpf: d?.cpf ?? '',
    cnh: d?.cnh ?? '',
    birthDate: d ? isoToBirthDate(d.birthDate) : '',
    isEnabled: d?.isEnabled ?? true,
    companyId: d?.company.id ?? null,
    shippingCompanyId: d?.shippingCompany?.id ?? null,
    contact: contactRows(d?.contact),
    truck: (d?.truck ?? []).map((t) => ({
      id: t.id,
      licensePlate: t.licensePlate,
      renavam: t.renavam ?? '',
      model: t.model ?? null,
      netCapacity: t.netCapacity ?? null,
    })),
  };
}

/** The save's body (`POST /api/driver/save`). */
export function driverBody(id: number, v: DriverValues, confirmMove = false) {
  return {
    id,
    name: driverName(v.name),
    cpf: v.cpf,
    cnh: v.cnh.trim(),
    birthDate: birthDateToIso(v.birthDate),
    isEnabled: v.isEnabled,
    company: v.companyId ? { id: v.companyId } : null,
    shippingCompany: v.shippingCompanyId ? { id: v.shippingCompanyId } : null,
    contact: v.contact.map(contactBody),
    // Saved trucks left as they were are not sent: their plate and renavam stay the truck form's.
    truck: v.truck
      .filter((t) => !t.id || t.changed)
      .map((t) => ({ ...(t.id ? { id: t.id } : {}), licensePlate: t.licensePlate, renavam: t.renavam })),
    ...(confirmMove ? { override: true } : {}),
  };
}

/** The driver log's default range: today to seven days later (yyyy-mm-dd). */
export function defaultDriverLogRange(today: string): { start: string; end: string } {
  return { start: today, end: addDays(today, LOG_DEFAULT_DAYS) };
}

/** To may not precede From (spec 2 section 5); an empty end is fine (the server's default). */
export function checkDriverLogRange(start: string | null, end: string | null): string | null {
  return start && end && end < start ? driverMsg.endBeforeStart : null;
}

/** What the move-company warning shows, read from the 409 body (`company_a`). */
export interface MoveConflictInfo {
  company: string;
  /** The queue entry's forecast (ISO), when the driver is in the queue. */
  queueDate: string | null;
}

/** The move-company warning's content, when `body` is the save's 409 `company_move`. */
export function readMoveConflict(code: string, body: Record<string, unknown>): MoveConflictInfo | null {
  if (code !== 'company_move') return null;
  const a = body.company_a;
  if (typeof a !== 'object' || a === null) return { company: '', queueDate: null };
  const rec = a as Record<string, unknown>;
  const queue = rec.queue as Record<string, unknown> | null | undefined;
  return {
    company: typeof rec.company === 'string' ? rec.company : '',
    queueDate: queue && typeof queue.date === 'string' ? queue.date : null,
  };
}
