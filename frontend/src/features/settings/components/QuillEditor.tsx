/**
 * The rich-text editor (Quill 2 through react-quill-new), loaded on demand by RichTextEditor so
 * its weight stays out of every other screen. Tab leaves the editor (no tab characters), so
 * the form stays usable with the keyboard; the server sanitises whatever is sent.
 */
import { useEffect, useRef, useState } from 'react';
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

const formats = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'align', 'link'];

export default function QuillEditor({ id, value, onChange, ariaLabel, placeholder, invalid }: RichTextEditorProps) {
  const ref = useRef<ReactQuill>(null);
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
    <div className={`st-editor${invalid ? ' st-editor-invalid' : ''}`}>
      <ReactQuill
        ref={ref}
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
