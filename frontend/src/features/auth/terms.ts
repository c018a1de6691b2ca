/** The terms-approval payload (POST /api/useTerm/authorization/save) and its checks. */
import type { UseTerm } from '../company/api';
import { msg } from '../../shared/messages';
import type { Schema } from '../../shared/api/types';

export type ContactEntry = Required<Schema<'ContactBody'>>;

export type TermsAuthorization = Required<Omit<Schema<'AuthorizationBody'>, 'contact'>> & {
  contact: ContactEntry[];
};

export type ContactChannels = Schema<'AuthorizationView'>;

/** A shipping-company user accepts, with the contact channels ticked. */
export function staffAuthorization(
  userId: number,
  term: Pick<UseTerm, 'id' | 'updatedAt'>,
  channels: ContactChannels,
): TermsAuthorization {
  return {
    hasWhats: channels.hasWhats,
    hasSMS: channels.hasSMS,
    hasEmail: channels.hasEmail,
    user: { id: userId },
    driver: null,
    useTerm: { id: term.id, updatedAt: term.updatedAt },
    contact: [],
  };
}

/** Drivers must fill name, phone and e-mail ('Preencha todos os campos!'). */
export function driverContactComplete(c: ContactEntry): boolean {
  return driverContactMissing(c).length === 0;
}

/** Labels of the contact fields still empty, in form order. */
export function driverContactMissing(c: ContactEntry): string[] {
  const missing: string[] = [];
  if (c.name.trim() === '') missing.push(msg.termsName);
  if (c.fone.trim() === '') missing.push(msg.termsPhone);
  if (c.email.trim() === '') missing.push(msg.termsEmail);
  return missing;
}

/** A driver accepts, confirming a contact. */
export function driverAuthorization(
  driverId: number,
  term: Pick<UseTerm, 'id' | 'updatedAt'>,
  contact: ContactEntry,
): TermsAuthorization {
  return {
    hasWhats: false,
    hasSMS: false,
    hasEmail: false,
    user: null,
    driver: { id: driverId },
    useTerm: { id: term.id, updatedAt: term.updatedAt },
    contact: [{ name: contact.name.trim(), fone: contact.fone.trim(), email: contact.email.trim() }],
  };
}
