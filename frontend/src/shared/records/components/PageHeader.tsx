import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** A screen's title with its buttons on the right. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div className="a-header">
      <Typography.Title level={3} className="a-title">
        {title}
      </Typography.Title>
      {extra && <div className="a-header-extra">{extra}</div>}
    </div>
  );
}
