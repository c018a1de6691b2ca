/**
 * /termos-de-acesso/:companyId/novo/:termId (spec 3 section 2): title, 'Ativar Termo' and the
 * rich-text content; termId 'undefined' creates. After a save, 'Cadastro realizado com sucesso'
 * and /settings after 2.5 s; a taken title 'Dado já cadastrado!', other failures 'Erro ao
 * Cadastrar: ' and the server's message. Voltar goes to /settings.
 */
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, App, Button, Checkbox, Form, Input, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import '../settings.css';
import { readApiError } from '../../../shared/apiError';
import { APP_NAME, msg, TOAST_SECONDS } from '../../../shared/messages';
import { routeAllowed } from '../../../app/session';
import { useStaffSessionQuery } from '../../auth/api';
import { useStaffGoTo } from '../../auth/session';
import { useSaveUseTermMutation, useUseTermQuery } from '../api';
import { sm, TERM_REDIRECT_MS } from '../messages';
import { termIdOfParam, termPayload, termSaveError, validateTerm, type TermFormValues } from '../model/termForm';
import { RichTextEditor } from '../components/RichTextEditor';

const EMPTY: TermFormValues = { title: '', active: true, content: '' };

export default function TermFormPage() {
  const params = useParams();
  const goTo = useStaffGoTo();
  const companyId = Number(params.companyId);
  const termId = termIdOfParam(params.termId);
  const validCompany = Number.isInteger(companyId) && companyId > 0;
  const term = useUseTermQuery(termId ?? 0, { skip: termId === null });
  const { data: session } = useStaffSessionQuery();
  // Back to the Termos tab of /settings; a company user (who may not open /settings) to its
  // own /conteudo.
  const back = routeAllowed(session?.routes, '/settings')
    ? `/settings?empresa=${validCompany ? companyId : ''}&aba=termos`
    : routeAllowed(session?.routes, '/conteudo')
      ? '/conteudo?aba=termos'
      : session?.landing || '/dashboard';

  useEffect(() => {
    document.title = `${msg.titleAdmin}${termId ? sm.termFormTitleEdit : sm.termFormTitleNew} - ${APP_NAME}`;
  }, [termId]);

  const notFound = termId !== null && term.isError;

  return (
    <div className="st-page st-term-page">
      <div className="st-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {termId ? sm.termFormTitleEdit : sm.termFormTitleNew}
        </Typography.Title>
      </div>
      {!validCompany || notFound ? (
        <Alert
          type="error"
          showIcon
          title={notFound ? readApiError(term.error).message || sm.termNotFound : sm.termNotFound}
          action={
            <Button size="small" onClick={() => goTo(back)}>
              {sm.termBack}
            </Button>
          }
        />
      ) : termId !== null && !term.data ? (
        <Spin size="large" className="st-spin" />
      ) : (
        <TermForm
          key={termId ?? 'new'}
          companyId={companyId}
          termId={termId}
          initial={term.data ? { title: term.data.title, active: term.data.active, content: term.data.content } : EMPTY}
          back={back}
        />
      )}
    </div>
  );
}

function TermForm({
  companyId,
  termId,
  initial,
  back,
}: {
  companyId: number;
  termId: number | null;
  initial: TermFormValues;
  back: string;
}) {
  const { message } = App.useApp();
  const goTo = useStaffGoTo();
  const [save, { isLoading }] = useSaveUseTermMutation();
  const [form] = Form.useForm<TermFormValues>();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const contentError = Form.useWatch([], form) !== undefined && form.getFieldError('content').length > 0;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // An error disappears as soon as its field becomes valid (errors set by setFields stay
  // otherwise until the next submit).
  function clearFixedErrors(changed: Partial<TermFormValues>) {
    const values = { ...initial, ...(form.getFieldsValue(true) as Partial<TermFormValues>) };
    const problems = validateTerm(values);
    const fixed = (['title', 'content'] as const).filter(
      (k) => k in changed && !problems[k] && form.getFieldError(k).length > 0,
    );
    if (fixed.length) form.setFields(fixed.map((name) => ({ name, errors: [] })));
  }

  async function onFinish() {
    if (done) return;
    const values = { ...initial, ...(form.getFieldsValue(true) as Partial<TermFormValues>) };
    const problems = validateTerm(values);
    if (problems.title || problems.content) {
      form.setFields([
        { name: 'title', errors: problems.title ? [problems.title] : [] },
        { name: 'content', errors: problems.content ? [problems.content] : [] },
      ]);
      form.scrollToField(problems.title ? 'title' : 'content', { focus: true, block: 'center' });
      return;
    }
    try {
      await save(termPayload(companyId, termId, values)).unwrap();
      setDone(true);
      void message.success(sm.termSaved, TOAST_SECONDS);
      timer.current = setTimeout(() => goTo(back), TERM_REDIRECT_MS);
    } catch (e) {
      const err = readApiError(e);
      const fields = (['title', 'content'] as const).filter((k) => err.fields[k]);
      if (fields.length) form.setFields(fields.map((name) => ({ name, errors: [err.fields[name]] })));
      if (err.code === 'duplicate' || err.statusCode === 409) {
        form.setFields([{ name: 'title', errors: [sm.termDuplicate] }]);
      }
      void message.error(termSaveError(err), TOAST_SECONDS);
    }
  }

  return (
    <div className="patio-panel st-term-panel">
      <Form<TermFormValues>
        form={form}
        name="term"
        layout="vertical"
        initialValues={initial}
        onFinish={() => void onFinish()}
        onValuesChange={clearFixedErrors}
        disabled={done}
      >
        <Form.Item name="title" label={sm.termTitle} required>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked" extra={sm.termActiveHelp}>
          <Checkbox>{sm.termActivate}</Checkbox>
        </Form.Item>
        <Form.Item name="content" label={sm.termContent} required>
          <RichTextEditor ariaLabel={sm.termContent} invalid={contentError} />
        </Form.Item>
        <Space>
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => goTo(back)} disabled={false}>
            {sm.termBack}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={isLoading}>
            {sm.save}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
