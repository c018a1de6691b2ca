/**
 * The access term form (/termos-de-acesso/{companyId}/novo/{termId}, spec 3 sections 2 and 8):
 * 'undefined' as the term id creates; the checks of the server; the toast of a refused save.
 */
import type { ApiError } from '../../../shared/apiError';
import { sm } from '../messages';
import { isBlankHtml } from './popupForm';
import type { Schema } from '../../../shared/api/types';

/** GET /api/useTerm/company/{companyId} and /api/useTerm/{id} (docs/api.md). */
export type UseTermView = Schema<'UseTermView'>;

export interface TermFormValues {
  title: string;
  active: boolean;
  content: string;
}

/** The generated `company` is an empty object (a free JSON value on the server): named here. */
export type TermPayload = Omit<Schema<'UseTermBody'>, 'company'> & { company: { id: number } };

/** The term id of the route: a number edits, 'undefined' (or anything else) creates. */
export function termIdOfParam(param: string | null | undefined): number | null {
  const t = (param ?? '').trim();
  return /^\d+$/.test(t) && Number(t) > 0 ? Number(t) : null;
}

/** The route of the term form. */
export function termFormPath(companyId: number | string, termId: number | null | undefined): string {
  return `/termos-de-acesso/${companyId}/novo/${termId ?? 'undefined'}`;
}

export function termPayload(companyId: number, termId: number | null, v: TermFormValues): TermPayload {
  return { id: termId, title: (v.title ?? '').trim(), content: v.content ?? '', active: !!v.active, company: { id: companyId } };
}

/** The server's checks: a title of at most 100 characters and some text. */
export function validateTerm(v: TermFormValues): { title?: string; content?: string } {
  const out: { title?: string; content?: string } = {};
  const title = (v.title ?? '').trim();
  if (!title) out.title = sm.titleRequired;
  else if (Array.from(title).length > 100) out.title = sm.titleTooLong;
  if (isBlankHtml(v.content)) out.content = sm.contentRequired;
  return out;
}

/** 'Dado já cadastrado!' for a taken title; 'Erro ao Cadastrar: ' and the server's text otherwise. */
export function termSaveError(e: ApiError): string {
  return e.code === 'duplicate' || e.statusCode === 409 ? sm.termDuplicate : sm.termError(e.message);
}
