/**
 * The API's error body (docs/api.md): `{statusCode, code, message, fields?}`, plus the extra
 * fields some answers carry (`phone` on a blocked dispatch login, the transfer conflict body).
 * `readApiError` turns whatever RTK Query or fetch gave back into that shape.
 */
import { msg } from './messages';

export type ApiErrorCode =
  | 'validation'
  | 'duplicate'
  | 'referenced'
  | 'conflict'
  | 'transfer_conflict'
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'blocked'
  | 'rate_limited'
  | 'captcha'
  | 'internal'
  | 'network'
  | (string & {});

export interface ApiError {
  /** HTTP status; 0 when the server was not reached (no connection, timeout). */
  statusCode: number;
  code: ApiErrorCode;
  /** The pt-BR text a person reads. */
  message: string;
  /** Per-field messages of a 422. */
  fields: Record<string, string>;
  /** The whole body, for answers that carry more (e.g. `phone`, `company_a`). */
  body: Record<string, unknown>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'validation';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limited';
    default:
      return 'internal';
  }
}

/**
 * Reads an error from RTK Query (`{status, data}` or `{status: 'FETCH_ERROR', error}`), from an
 * unwrapped mutation, or a bare API body. Never throws.
 */
export function readApiError(error: unknown): ApiError {
  const network: ApiError = {
    statusCode: 0,
    code: 'network',
    message: msg.connectionError,
    fields: {},
    body: {},
  };
  if (!isRecord(error)) return { ...network, message: msg.unexpectedError, code: 'internal' };

  // RTK Query error: {status: number, data} or {status: 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR', ...}
  let status: number | undefined;
  let body: unknown = error;
  if ('status' in error) {
    if (typeof error.status === 'number') {
      status = error.status;
      body = error.data;
    } else if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
      return network;
    } else if (error.status === 'PARSING_ERROR') {
      // A non-JSON answer (an HTML error page from a proxy, say).
      status = typeof error.originalStatus === 'number' ? error.originalStatus : 0;
      body = {};
    } else {
      body = error.data ?? {};
    }
  }
  const b = isRecord(body) ? body : {};
  const statusCode =
    typeof b.statusCode === 'number' ? b.statusCode : typeof status === 'number' ? status : 0;
  if (statusCode === 0 && !('code' in b)) return network;
  const fields: Record<string, string> = {};
  if (isRecord(b.fields)) {
    for (const [k, v] of Object.entries(b.fields)) if (typeof v === 'string') fields[k] = v;
  }
  return {
    statusCode,
    code: typeof b.code === 'string' && b.code ? b.code : codeForStatus(statusCode),
    message: typeof b.message === 'string' && b.message ? b.message : msg.unexpectedError,
    fields,
    body: b,
  };
}
