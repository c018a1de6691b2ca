/**
 * The address half of a party form (customers and shipping companies): its values as the form
 * holds them, filled from the API's `PartyAddressView` and sent back trimmed.
 */
import type { Schema } from '../api/types';

export type PartyAddress = Schema<'PartyAddressView'>;

/** The form holds every field of the address as text (the number too). */
export type PartyAddressValues = Record<keyof Schema<'PartyAddressView'>, string>;

export function partyAddressValues(p: PartyAddress | undefined): PartyAddressValues {
  return {
    cnpj: p?.cnpj ?? '',
    stateRegistration: p?.stateRegistration ?? '',
    uf: p?.uf ?? '',
    street: p?.street ?? '',
    number: p?.number != null ? String(p.number) : '',
    complement: p?.complement ?? '',
    city: p?.city ?? '',
    district: p?.district ?? '',
    zipCode: p?.zipCode ?? '',
  };
}

/** The address fields of a save body. */
export function partyAddressBody(v: Partial<PartyAddressValues>): PartyAddressValues {
  return {
    cnpj: v.cnpj ?? '',
    stateRegistration: v.stateRegistration?.trim() ?? '',
    uf: v.uf ?? '',
    street: v.street?.trim() ?? '',
    number: v.number ?? '',
    complement: v.complement?.trim() ?? '',
    city: v.city?.trim() ?? '',
    district: v.district?.trim() ?? '',
    zipCode: v.zipCode ?? '',
  };
}
