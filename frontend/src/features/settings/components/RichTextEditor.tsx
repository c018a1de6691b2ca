/** A rich-text field for antd forms (`value` / `onChange`); the editor's code loads on demand. */
import { lazy, Suspense } from 'react';
import { Input } from 'antd';
import { ChunkErrorBoundary } from '../../../shared/ui/ChunkErrorBoundary';

const QuillEditor = lazy(() => import(/* webpackChunkName: "rich-text" */ './QuillEditor'));

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** The accessible name of the editing area. */
  ariaLabel: string;
  placeholder?: string;
  invalid?: boolean;
}

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Input.TextArea rows={8} disabled aria-label={props.ariaLabel} value="" />}>
        <QuillEditor {...props} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
