/**
 * Pop-ups (spec 3 sections 2, 3 and 7): the server's view -> form values, form values -> the
 * body of POST /api/popups/save, the checks (domain::settings::popups) and the image rule.
 * Days are whole days in the company's zone: the form sends `YYYY-MM-DD` and the server reads
 * the start from its first second and the end to its last.
 */
import { sm } from '../messages';
import { dayInZone, formatDayInZone, isIsoDay, SAO_PAULO } from './time';
import type { Schema } from '../../../shared/api/types';

/** GET /api/popups/company/{companyId} (docs/api.md). */
export type PopupView = Schema<'PopupView'>;

export interface PopupFormValues {
  id: number | null;
  /** `YYYY-MM-DD` or null (no limit). */
  start_at: string | null;
  end_at: string | null;
  active: boolean;
  title: string;
  label: string;
  content: string;
}

/** The generated `company` is an empty object (a free JSON value on the server): named here. */
export type PopupPayload = Omit<Schema<'PopupBody'>, 'company'> & { company: { id: number } };

export const EMPTY_POPUP: PopupFormValues = {
  id: null,
  start_at: null,
  end_at: null,
  active: true,
  title: '',
  label: '',
  content: '',
};

export function popupToForm(p: PopupView, timeZone: string = SAO_PAULO): PopupFormValues {
  return {
    id: p.id,
    start_at: dayInZone(p.start_at, timeZone),
    end_at: dayInZone(p.end_at, timeZone),
    active: p.active,
    title: p.title,
    label: p.label ?? '',
    content: p.content ?? '',
  };
}

/**
 * The save body. `removeImage`: the stored image is dropped (''); otherwise `imageUrl` is left
 * out and the server keeps it (a newly chosen file is uploaded after the save).
 */
export function popupPayload(companyId: number, v: PopupFormValues, removeImage = false): PopupPayload {
  const label = (v.label ?? '').trim();
  const body: PopupPayload = {
    id: v.id,
    start_at: v.start_at || null,
    end_at: v.end_at || null,
    active: !!v.active,
    title: (v.title ?? '').trim(),
    label: label || null,
    content: isBlankHtml(v.content) ? null : v.content,
    company: { id: companyId },
  };
  if (removeImage) body.imageUrl = '';
  return body;
}

/** Whether rich text holds nothing a person would see (an editor's empty `<p><br></p>`). */
export function isBlankHtml(html: string | null | undefined): boolean {
  const h = html ?? '';
  if (/<img\b/i.test(h)) return false;
  const text = h.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
  return text.trim() === '';
}

export type PopupField = 'title' | 'label' | 'start_at' | 'end_at';

/** The server's checks: a title (at most 100), a label of at most 255, the end not before the start. */
export function validatePopup(v: PopupFormValues): { field: PopupField; message: string }[] {
  const issues: { field: PopupField; message: string }[] = [];
  const title = (v.title ?? '').trim();
  if (!title) issues.push({ field: 'title', message: sm.titleRequired });
  else if (Array.from(title).length > 100) issues.push({ field: 'title', message: sm.titleTooLong });
  if (Array.from((v.label ?? '').trim()).length > 255) issues.push({ field: 'label', message: sm.labelTooLong });
  if (v.start_at && !isIsoDay(v.start_at)) issues.push({ field: 'start_at', message: 'Data inválida.' });
  if (v.end_at && !isIsoDay(v.end_at)) issues.push({ field: 'end_at', message: 'Data inválida.' });
  if (v.start_at && v.end_at && isIsoDay(v.start_at) && isIsoDay(v.end_at) && v.end_at < v.start_at) {
    issues.push({ field: 'end_at', message: sm.popupEndBeforeStart });
  }
  return issues;
}

/** Image types the pop-up and the logo accept (spec 3 section 5: png/jpeg/jpg). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
/** The server refuses images over 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Whether a chosen file is a PNG or JPEG (by its type, else its name). */
export function isAllowedImage(file: { type?: string; name?: string }): boolean {
  const type = (file.type ?? '').toLowerCase();
  if (type) return type === 'image/png' || type === 'image/jpeg' || type === 'image/jpg';
  return /\.(png|jpe?g)$/i.test(file.name ?? '');
}

/** The list's period cell: 'dd/MM/yyyy' in São Paulo, or '' when open. */
export function popupDay(instant: string | null | undefined): string {
  return formatDayInZone(instant, SAO_PAULO);
}
