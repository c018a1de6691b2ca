/**
 * /conteudo: the Termos and Pop-ups of the company user's own company (spec 3 section 6:
 * "Popup management roles and terms creation: administrators and company users"). The same
 * tabs as /settings, which stays the root administrator's; the server scopes every call to the
 * user's company. The tab is kept in the address (?aba=termos|popups), so the way back from
 * the term form lands on it.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Tabs, Typography } from 'antd';
import '../settings.css';
import { APP_NAME, msg } from '../../../shared/messages';
import { useStaffSessionQuery } from '../../auth/api';
import { sm } from '../messages';
import { PopupsTab } from '../components/PopupsTab';
import { TermsTab } from '../components/TermsTab';

export const CONTENT_TITLE = 'Termos e Pop-ups';

export default function ContentPage() {
  const { data: session } = useStaffSessionQuery();
  const [params, setParams] = useSearchParams();
  const tab = params.get('aba') === 'popups' ? 'popups' : 'termos';
  const companyId = session?.company?.id ?? null;

  useEffect(() => {
    document.title = `${msg.titleAdmin}${CONTENT_TITLE} - ${APP_NAME}`;
  }, []);

  return (
    <div className="st-page">
      <Typography.Title level={2}>{CONTENT_TITLE}</Typography.Title>
      {companyId === null ? (
        <Alert type="info" title={sm.loadError} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ aba: key }, { replace: true })}
          items={[
            { key: 'termos', label: sm.tabTerms, children: <TermsTab companyId={companyId} /> },
            { key: 'popups', label: sm.tabPopups, children: <PopupsTab companyId={companyId} /> },
          ]}
        />
      )}
    </div>
  );
}
