/**
 * /login (staff: Administrador, Usuario, Transportadora) and /expedicao (dispatch: Expedicao,
 * Espectador, Portaria). The server admits roles by `page`; this page only shows its answer.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, App, Button, Form, Input, Modal, Spin, Typography } from 'antd';
import './login.css';
import { paths, staffTermsPath } from '../../app/paths';
import { rememberLoginPage, returnPath } from '../../app/session';
import { useAppDispatch } from '../../app/store';
import { currentHost, useCompanyByHostQuery, useCompanyTermQuery } from '../company/api';
import { readApiError } from '../../shared/apiError';
import { APP_NAME, msg, TOAST_SECONDS } from '../../shared/messages';
import { Recaptcha, type RecaptchaHandle } from '../../shared/recaptcha';
import { CookieConsent } from '../../shared/ui/CookieConsent';
import { TermsHtml } from '../../shared/ui/TermsHtml';
import { isValidEmail } from '../../shared/validators';
import { useStaffLoginMutation, type LoginPageKind } from './api';
import { loginErrorToast } from './loginErrors';
import { refreshStaffSession, useStaffGoTo } from './session';

interface LoginValues {
  email: string;
  password: string;
}

export default function LoginPage({ page }: { page: LoginPageKind }) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const goTo = useStaffGoTo();
  const location = useLocation();
  const hostQ = useCompanyByHostQuery(currentHost());
  const company = hostQ.data ?? null;
  const [login, { isLoading }] = useStaffLoginMutation();
  const [captcha, setCaptcha] = useState('');
  const captchaRef = useRef<RecaptchaHandle>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const term = useCompanyTermQuery(company?.id ?? 0, { skip: !termsOpen || !company });
  const captchaSite = company?.enableRecaptcha && company.recaptchaSite ? company.recaptchaSite : null;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = APP_NAME;
  }, []);

  async function onFinish(values: LoginValues) {
    if (captchaSite && !captcha) {
      void message.error(msg.captchaRequired, TOAST_SECONDS);
      return;
    }
    setBusy(true);
    try {
      const res = await login({
        email: values.email.trim(),
        password: values.password,
        company: company ? { id: company.id } : null,
        recaptcha_token: captcha,
        page,
      }).unwrap();
      message.destroy();
      rememberLoginPage(page === 'dispatch' ? paths.dispatchLogin : paths.staffLogin);
      await refreshStaffSession(dispatch);
      if (res.mustApproveTerms && res.company) goTo(staffTermsPath(res.company.id, res.id), { replace: true });
      else goTo(returnPath(location.state, res.landing || paths.dashboard), { replace: true });
    } catch (e) {
      const t = loginErrorToast(readApiError(e), page);
      void message.error(t.text, t.seconds);
      captchaRef.current?.reset();
      setCaptcha('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="l-page">
      <div className="l-card patio-panel">
        <div className="l-brand">
          {hostQ.isLoading ? (
            <Spin />
          ) : company?.logo ? (
            <img src={company.logo} alt={company.name} />
          ) : (
            <strong>{company?.name ?? APP_NAME}</strong>
          )}
        </div>
        <Typography.Title level={4} style={{ textAlign: 'center' }}>
          {page === 'dispatch' ? msg.dispatchLoginTitle : msg.staffLoginTitle}
        </Typography.Title>
        <Alert type="warning" showIcon title={msg.dispatchNotice} style={{ marginBottom: 16 }} />
        <Form<LoginValues> name="login" layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
          <Form.Item
            label={msg.email}
            name="email"
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: msg.emailRequired },
              {
                validator: (_, value: string | undefined) =>
                  !value || !value.trim() || isValidEmail(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(msg.emailInvalid)),
              },
            ]}
          >
            <Input type="email" inputMode="email" autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item label={msg.password} name="password" rules={[{ required: true, message: msg.passwordRequired }]}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          {captchaSite && (
            <div className="l-captcha">
              <Recaptcha ref={captchaRef} siteKey={captchaSite} onToken={setCaptcha} />
            </div>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={isLoading || busy}>
            {msg.enter}
          </Button>
        </Form>
        <Button type="link" block onClick={() => setTermsOpen(true)} style={{ marginTop: 12 }}>
          {msg.privacyAndTerms}
        </Button>
      </div>
      <div className="l-powered">{msg.poweredBy}</div>
      <Modal
        open={termsOpen}
        title={term.data?.title || msg.privacyAndTerms}
        onCancel={() => setTermsOpen(false)}
        footer={null}
        width={720}
      >
        {term.isFetching ? (
          <Spin />
        ) : term.data ? (
          <TermsHtml html={term.data.content} />
        ) : (
          <p>{term.isError ? msg.connectionError : msg.noTermsText}</p>
        )}
      </Modal>
      <CookieConsent />
    </div>
  );
}
