/**
 * Texts, paths, sizes and the pure rules of the truck screens (spec 2 "Trucks"). The staff
 * form's messages are the spec's, spelled as it spells them (without accents); the server
 * checks the same rules again and answers with the same texts.
 */
import type { FieldRule } from '../../shared/records/validation';
import type { Schema } from '../../shared/api/types';

export const TRUCK_PAGE_SIZE = 8;
/** Reload of the list after an unbind (spec 2 section 9). */
export const UNBIND_RELOAD_MS = 1000;

export const truckLimits = { plate: 7, renavam: 12, owner: 50 } as const;

export const truckPaths = {
  list: '/caminhoes',
  create: '/caminhao/novo',
  edit: (id: number) => `/caminhao/novo/${id}`,
  /** The list searching one plate (the `?plate=` link). */
  byPlate: (plate: string) => `/caminhoes?plate=${encodeURIComponent(plate)}`,
} as const;

export const truckMsg = {
  // Spec texts (spec 2 sections 5 and 8)
  plateRequired: 'Placa e obrigatorio!',
  renavamRequired: 'Renavam e obrigatorio!',
  maxLength: (n: number) => `Tamanho maximo de ${n} caracteres`,
  plateLength: 'Placa deve conter 7 caracteres',
  saved: 'Cadastro realizado com sucesso',
  edited: 'Edicao realizada com sucesso',
  unbound: 'Caminhão desvinculado com sucesso',
  unbindErrorPrefix: 'Erro ao Desvincular: ',
  // The server's texts where the spec has none (same wording as the API)
  modelRequired: 'Modelo e obrigatorio!',
  implementRequired: 'Tipo de implemento e obrigatorio!',
  renavamInvalid: 'Renavam inválido',
  // Ours
  title: 'Caminhões',
  newTitle: 'Cadastrar Caminhão',
  editTitle: 'Editar Caminhão',
  create: 'Cadastrar',
  search: 'Buscar por id, placa, renavam ou modelo',
  filterShipping: 'Filtrar por transportadora',
  clearShipping: 'Limpar filtro de transportadora',
  plate: 'Placa',
  renavam: 'Renavam',
  owner: 'Proprietário',
  brand: 'Marca',
  model: 'Modelo',
  chooseBrand: 'Selecione a marca',
  chooseBrandFirst: 'Selecione a marca primeiro',
  chooseModel: 'Selecione o modelo',
  color: 'Cor',
  implementType: 'Tipo de implemento',
  chooseImplement: 'Selecione o tipo de implemento',
  axles: 'Qtd. de eixos',
  gross: 'Capacidade bruta (t)',
  net: 'Capacidade líquida (t)',
  filledByType: 'Preenchido pelo tipo de implemento',
  enabled: 'Caminhão ativo',
  driver: 'Motorista',
  chooseDriver: 'Selecione o motorista',
  chooseCompanyFirst: 'Selecione a empresa primeiro',
  none: 'Nenhuma',
  unbind: 'Desvincular',
  unbindTitle: (plate: string) => `Desvincular o caminhão ${plate}?`,
  unbindWarning: (shipping: string) => `O caminhão deixará a transportadora ${shipping}.`,
  removeWhat: (plate: string) => `o caminhão ${plate}`,
} as const;

/** What the plate input keeps: letters and digits, upper case, at most 7 (spec 2 section 5). */
export function normalizePlate(value: string | undefined): string {
  return (value ?? '')
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, truckLimits.plate);
}

/** The renavam input keeps digits and the mask's hyphen, at most 12 characters. */
export function normalizeRenavam(value: string | undefined): string {
  return (value ?? '').replace(/[^0-9-]/g, '').slice(0, truckLimits.renavam);
}

/** 9 to 11 digits (the server's rule: `Renavam` in the domain). */
export function checkRenavam(v: string): string | null {
  const digits = v.replace(/-/g, '');
  return /^\d{9,11}$/.test(digits) ? null : truckMsg.renavamInvalid;
}

export const truckRules: Record<'licensePlate' | 'renavam' | 'owner', FieldRule> = {
  licensePlate: {
    required: truckMsg.plateRequired,
    check: (v) => (v.length > truckLimits.plate ? truckMsg.maxLength(truckLimits.plate) : v.length < truckLimits.plate ? truckMsg.plateLength : null),
  },
  renavam: {
    required: truckMsg.renavamRequired,
    check: (v) => (v.length > truckLimits.renavam ? truckMsg.maxLength(truckLimits.renavam) : checkRenavam(v)),
  },
  owner: {
    check: (v) => (Array.from(v).length > truckLimits.owner ? truckMsg.maxLength(truckLimits.owner) : null),
  },
};

/** A row of the implement table, as the server serves it. */
export type ImplementRow = Schema<'ImplementTypeView'>;

/** The fields choosing a type fills (and disables); empty when no type is chosen. */
export function implementFill(
  table: readonly ImplementRow[],
  type: string | undefined | null,
): { shaftQuantity: number | null; grossCapacity: number | null; netCapacity: number | null } {
  const row = table.find((r) => r.name === type);
  return {
    shaftQuantity: row?.shaftQuantity ?? null,
    grossCapacity: row?.grossCapacity ?? null,
    netCapacity: row?.netCapacity ?? null,
  };
}

/** Tonnes as the screens show them: two decimals and ' t'. */
export function tonnes(t: number | null | undefined): string {
  if (t === null || t === undefined) return '';
  return `${t.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} t`;
}
