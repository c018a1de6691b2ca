/**
 * The rich-text editor (Quill 2 through react-quill-new), loaded on demand by RichTextEditor so
 * its weight stays out of every other screen. Tab leaves the editor (no tab characters), so
 * the form stays usable with the keyboard; the server sanitises whatever is sent.
 */
import { useEffect, useId, useRef, useState } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { normaliseEditorHtml } from '../model/richText';
import type { RichTextEditorProps } from './RichTextEditor';

const modules = {
  toolbar: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    [{ align: [] }],
    ['link'],
    ['clean'],
  ],
  keyboard: {
    // Tab and Shift+Tab move the focus instead of indenting or typing a tab.
    bindings: {
      tab: false,
      'remove tab': false,
      indent: false,
      outdent: false,
      'indent code-block': false,
      'outdent code-block': false,
    },
  },
};

/** pt-BR names (accessible name and tooltip) of the toolbar's controls, by Quill's aria-label. */
const CONTROL_LABELS: Record<string, string> = {
  bold: 'Negrito',
  italic: 'Itálico',
  underline: 'Sublinhado',
  strike: 'Tachado',
  'list: ordered': 'Lista numerada',
  'list: bullet': 'Lista com marcadores',
  link: 'Inserir link',
  clean: 'Limpar formatação',
};
const HEADER_LABEL = 'Estilo do texto';
const ALIGN_LABEL = 'Alinhamento';
const LINK_PLACEHOLDER = 'https://exemplo.com.br';

/** Puts pt-BR names on the toolbar Quill built (it writes English format names). */
function translateToolbar(toolbar: HTMLElement | null | undefined): void {
  if (!toolbar) return;
  toolbar.setAttribute('aria-label', 'Formatação');
  toolbar.querySelectorAll<HTMLElement>('button[aria-label]').forEach((b) => {
    const name = CONTROL_LABELS[b.getAttribute('aria-label') ?? ''];
    if (name) {
      b.setAttribute('aria-label', name);
      b.title = name;
    }
  });
  const name = (picker: string, label: string) =>
    toolbar.querySelectorAll<HTMLElement>(`.ql-${picker} .ql-picker-label`).forEach((l) => {
      l.setAttribute('aria-label', label);
      l.title = label;
    });
  name('header', HEADER_LABEL);
  name('align', ALIGN_LABEL);
}

const formats = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'align', 'link'];

export default function QuillEditor({ id, value, onChange, ariaLabel, placeholder, invalid }: RichTextEditorProps) {
  const ref = useRef<ReactQuill>(null);
  // Quill keeps its link box inside this element instead of the page body.
  const boundsId = `st-editor-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // The editor keeps its own HTML; the form gets the normalised copy. A value from outside (a
  // loaded term, a reset form) replaces the editor's only when it is not the one just sent.
  const [raw, setRaw] = useState(value ?? '');
  const lastSent = useRef(value ?? '');

  useEffect(() => {
    const next = value ?? '';
    if (next !== lastSent.current) {
      lastSent.current = next;
      setRaw(next);
    }
  }, [value]);

  useEffect(() => {
    const editor = ref.current?.getEditor();
    if (!editor) return;
    const toolbar = editor.getModule('toolbar') as { container?: HTMLElement } | undefined;
    translateToolbar(toolbar?.container);
    editor.container.parentElement
      ?.querySelectorAll<HTMLInputElement>('.ql-tooltip input[data-link]')
      .forEach((i) => i.setAttribute('data-link', LINK_PLACEHOLDER));
  }, []);

  useEffect(() => {
    const root = ref.current?.getEditor().root;
    if (!root) return;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-label', ariaLabel);
    if (id) root.setAttribute('id', id);
    if (invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
  }, [ariaLabel, id, invalid]);

  return (
    <div id={boundsId} className={`st-editor${invalid ? ' st-editor-invalid' : ''}`}>
      <ReactQuill
        ref={ref}
        bounds={`#${boundsId}`}
        theme="snow"
        value={raw}
        modules={modules}
        formats={formats}
        placeholder={placeholder}
        onChange={(html) => {
          setRaw(html);
          const out = normaliseEditorHtml(html);
          lastSent.current = out;
          onChange?.(out);
        }}
      />
    </div>
  );
}
