import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { FormShell } from './FormShell';

/** What an RTK Query `use…Query(id, { skip })` hook answers that a form page needs. */
interface RecordQuery<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A record's form screen at `…/:id`: id 0 opens an empty form, another id loads the record
 * first (spinner, then the load error with a retry, or the form). The form is keyed by the
 * record so that its initial values follow a reload.
 */
export function RecordFormPage<T extends { id: number }>({
  title,
  useRecord,
  extra,
  children,
}: {
  title: ReactNode | ((id: number) => ReactNode);
  useRecord: (id: number, options: { skip: boolean }) => RecordQuery<T>;
  extra?: ReactNode;
  children: (id: number, record: T | undefined) => ReactNode;
}) {
  const id = Number(useParams().id ?? 0) || 0;
  const record = useRecord(id, { skip: !id });
  return (
    <FormShell
      title={typeof title === 'function' ? title(id) : title}
      loading={!!id && record.isLoading}
      error={!!id && record.isError ? record.error : undefined}
      onRetry={() => void record.refetch()}
      extra={extra}
    >
      {(!id || record.data) && <Fragment key={record.data?.id ?? 'new'}>{children(id, record.data)}</Fragment>}
    </FormShell>
  );
}
