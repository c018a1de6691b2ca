import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { readApiError } from '../../../shared/apiError';
import { msg } from '../../../shared/messages';
import { adminMsg } from '../messages';
import { LoadError } from './LoadError';
import { PageHeader } from './PageHeader';

/** A form screen: its title, then a spinner, the load error or the form. */
export function FormShell({
  title,
  loading,
  error,
  onRetry,
  extra,
  children,
}: {
  title: ReactNode;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  let body: ReactNode = children;
  if (loading) {
    body = (
      <div className="a-loading" role="status">
        <Spin />
        <span>{msg.loading}</span>
      </div>
    );
  } else if (error !== undefined) {
    const e = readApiError(error);
    body = <LoadError text={e.statusCode === 404 ? adminMsg.notFound : e.message} onRetry={() => onRetry?.()} />;
  }
  return (
    <div className="a-page">
      <PageHeader title={title} extra={extra} />
      <div className="a-card">{body}</div>
    </div>
  );
}
