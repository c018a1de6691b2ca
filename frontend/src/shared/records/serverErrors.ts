/**
 * What the administration screens show for an API error: 422 field messages onto the form's
 * fields, the spec's prefixes for save and delete failures (spec 1 section 8).
 */
import type { ApiError } from '../../shared/apiError';
import { adminMsg } from './messages';

export interface FieldErrorEntry {
  name: string;
  errors: string[];
}

/**
 * Splits a 422's `fields` into errors for the form's fields (`rename` maps a server field to
 * the form's name, e.g. `_company` -> `companyId`) and the messages of fields the form does
 * not have.
 */
export function splitFieldErrors(
  fields: Record<string, string>,
  formFields: readonly string[],
  rename: Record<string, string> = {},
): { onForm: FieldErrorEntry[]; elsewhere: string[] } {
  const onForm: FieldErrorEntry[] = [];
  const elsewhere: string[] = [];
  for (const [serverName, message] of Object.entries(fields)) {
    const name = rename[serverName] ?? serverName;
    if (formFields.includes(name)) onForm.push({ name, errors: [message] });
    else elsewhere.push(message);
  }
  return { onForm, elsewhere };
}

/** 'Erro ao Cadastrar: ' plus the server's message (spec 1 section 8). */
export function saveErrorText(e: ApiError): string {
  if (e.code === 'network') return e.message;
  return adminMsg.saveErrorPrefix + e.message;
}

/**
 * A failed delete: the server's referenced message as is ('Erro ao excluir, existe(m)
 * pedido(s) para este cliente!'), otherwise 'Erro ao excluir: ' plus the message.
 */
export function deleteErrorText(e: ApiError): string {
  if (e.code === 'referenced' || e.code === 'network') return e.message;
  return adminMsg.deleteErrorPrefix + e.message;
}
