import type { ReactNode } from 'react';
import './mobile.css';
import { APP_NAME } from '../../shared/messages';

/** The driver's layout: a top bar with the company logo (or name) and a single column. */
export function MobileLayout({
  logo,
  companyName,
  actions,
  children,
}: {
  logo?: string | null;
  companyName?: string | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="m-shell">
      <header className="m-header">
        {logo ? (
          <img className="m-logo" src={logo} alt={companyName || APP_NAME} />
        ) : (
          <span className="m-brand">{companyName || APP_NAME}</span>
        )}
        {actions && <div className="m-actions">{actions}</div>}
      </header>
      <main className="m-main">{children}</main>
    </div>
  );
}
