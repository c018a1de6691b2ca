/** /aprovar-termo/transportadora/empresa/:companyId/:userId (spec 3 section 2, "Terms approval"). */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { App, Button, Checkbox, Space, Spin, Typography } from 'antd';
import { useCompanyTermQuery } from '../company/api';
import { readApiError } from '../../shared/apiError';
import { formatDate } from '../../shared/formatters';
import { msg, TERMS_REDIRECT_MS, TOAST_SECONDS } from '../../shared/messages';
import { TermsHtml } from '../../shared/ui/TermsHtml';
import { useSaveTermsAuthorizationMutation, useStaffSessionQuery } from './api';
import { useStaffGoTo, useStaffLogout } from './session';
import { staffAuthorization, type ContactChannels } from './terms';

export default function StaffTermsPage() {
  const { message } = App.useApp();
  const params = useParams();
  const companyId = Number(params.companyId);
  const userId = Number(params.userId);
  const { data: session } = useStaffSessionQuery();
  const term = useCompanyTermQuery(companyId, { skip: !Number.isInteger(companyId) });
  const [save, saving] = useSaveTermsAuthorizationMutation();
  const logout = useStaffLogout();
  const goTo = useStaffGoTo();
  const [channels, setChannels] = useState<ContactChannels>({ hasSMS: false, hasWhats: false, hasEmail: false });
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function accept() {
    if (!term.data || done) return;
    try {
      const res = await save(staffAuthorization(userId, term.data, channels)).unwrap();
      setDone(true);
      void message.success(msg.termsAccepted, TOAST_SECONDS);
      timer.current = setTimeout(
        () => goTo(res.redirect || session?.landing || '/', { replace: true }),
        TERMS_REDIRECT_MS,
      );
    } catch (e) {
      void message.error(readApiError(e).message, TOAST_SECONDS);
    }
  }

  const toggle = (key: keyof ContactChannels) => (checked: boolean) => setChannels({ ...channels, [key]: checked });

  return (
    <div style={{ maxWidth: 820, margin: '0 auto', padding: 16 }}>
      <div className="patio-panel">
        <Typography.Title level={2}>{msg.termsTitle}</Typography.Title>
        {term.isLoading ? (
          <Spin />
        ) : term.data ? (
          <>
            <Typography.Text type="secondary">{msg.termsVersion(formatDate(term.data.updatedAt))}</Typography.Text>
            {term.data.title && <Typography.Title level={4}>{term.data.title}</Typography.Title>}
            <TermsHtml html={term.data.content} />
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {msg.termsContactAuthorization}
            </Typography.Title>
            <Space orientation="vertical">
              <Checkbox checked={channels.hasSMS} onChange={(e) => toggle('hasSMS')(e.target.checked)}>
                {msg.termsSms}
              </Checkbox>
              <Checkbox checked={channels.hasWhats} onChange={(e) => toggle('hasWhats')(e.target.checked)}>
                {msg.termsWhats}
              </Checkbox>
              <Checkbox checked={channels.hasEmail} onChange={(e) => toggle('hasEmail')(e.target.checked)}>
                {msg.termsEmailChannel}
              </Checkbox>
            </Space>
            <Space style={{ marginTop: 24, display: 'flex', justifyContent: 'flex-end' }} wrap>
              <Button onClick={() => void logout()}>{msg.termsRefuse}</Button>
              <Button type="primary" loading={saving.isLoading} disabled={done} onClick={() => void accept()}>
                {msg.termsAccept}
              </Button>
            </Space>
          </>
        ) : (
          <>
            <p>{term.isError ? msg.connectionError : msg.termsMissing}</p>
            {!term.isError && (
              <Button type="primary" onClick={() => goTo(session?.landing || '/', { replace: true })}>
                {msg.termsContinue}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
