/** Contact list helpers (pure, unit-tested). */
import { onlyDigits } from '../../shared/masks';
import type { ContactItem, ContactRecord } from './api';

/**
 * Removes a contact that exists only in the form, matched by its phone (spec 1 section 5);
 * saved contacts (with an id) are never removed here: they go through the delete call.
 */
export function removeUnsavedContact(list: readonly ContactItem[], fone: string): ContactItem[] {
  const want = onlyDigits(fone);
  let removed = false;
  return list.filter((c) => {
    if (removed || c.id || onlyDigits(c.fone) !== want) return true;
    removed = true;
    return false;
  });
}

/** The add button of a fleet form is enabled only when name, phone and e-mail are filled (spec 2 section 5). */
export function canAddContact(c: Pick<ContactItem, 'name' | 'fone' | 'email'>): boolean {
  return !!c.name.trim() && !!c.fone.trim() && !!c.email.trim();
}

/** Saved contacts as form rows. */
export function contactRows(list: readonly ContactRecord[] | undefined): ContactItem[] {
  return (list ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    fone: c.fone ?? '',
    email: c.email ?? '',
    whatsapp: c.whatsapp,
  }));
}

/** Form rows as the API's `contact` list. */
export function contactPayload(list: readonly ContactItem[] | undefined): ContactItem[] {
  return (list ?? []).map((c) => ({
    ...(c.id ? { id: c.id } : {}),
    name: c.name.trim(),
    fone: c.fone,
    email: c.email.trim(),
    whatsapp: c.whatsapp,
  }));
}
