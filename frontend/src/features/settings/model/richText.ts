/**
 * The HTML the rich-text editor hands to the form. Quill 2's semantic HTML writes every space
 * as `&nbsp;`, which would keep a term's paragraphs from wrapping: spaces go back to plain
 * spaces. An editor with nothing in it (`<p><br></p>`) is the empty text, so "required" checks
 * see it as empty.
 */
import { isBlankHtml } from './popupForm';

export function normaliseEditorHtml(html: string | null | undefined): string {
  const h = (html ?? '').replace(/&nbsp;|\u00a0/g, ' ');
  return isBlankHtml(h) ? '' : h;
}
