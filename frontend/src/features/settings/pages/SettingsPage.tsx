/**
 * /settings (root administrators, spec 3 section 2): a company selector and the vertical tabs
 * Sistema (Ativo), Atraso, Informações (Geral), Bloqueios, Termos and Pop-ups. The first three
 * share one form, saved with POST /api/settings/save ('Alterações salvas com sucesso', then
 * /settings is read again after 2.5 s; 'Erro ao cadastrar' on failure). The company and the
 * tab are kept in the address (?empresa=&aba=), so a reload or the way back from the term
 * form lands where the user was.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, Empty, Form, Select, Spin, Tabs, Tag, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import '../settings.css';
import { readApiError } from '../../../shared/apiError';
import { APP_NAME, msg, TOAST_SECONDS } from '../../../shared/messages';
import { useNarrow } from '../../../app/layouts/useNarrow';
import { useStaffSessionQuery } from '../../auth/api';
import { useCompanySettingsQuery, useSaveSettingsMutation, useSettingsCompanyOptionsQuery } from '../api';
import { SETTINGS_RELOAD_MS, sm } from '../messages';
import {
  delaysToRows,
  formFieldOfApi,
  formToPayload,
  settingsToForm,
  tabOfField,
  validateSettings,
  type DelayRow,
  type SettingsField,
  type SettingsFormValues,
  type SettingsTabKey,
  type SettingsView,
} from '../model/settingsForm';
import { BlocksTab } from '../components/BlocksTab';
import { DelayTab } from '../components/DelayTab';
import { InfoTab } from '../components/InfoTab';
import { PopupsTab } from '../components/PopupsTab';
import { SystemTab } from '../components/SystemTab';
import { TermsTab } from '../components/TermsTab';

const TABS: readonly SettingsTabKey[] = ['sistema', 'atraso', 'informacoes', 'bloqueios', 'termos', 'popups'];

function tabOf(param: string | null): SettingsTabKey {
  return (TABS as readonly string[]).includes(param ?? '') ? (param as SettingsTabKey) : 'sistema';
}

function fieldName(f: SettingsField): string {
  return Array.isArray(f) ? f[0] : f;
}

export default function SettingsPage() {
  const { data: session } = useStaffSessionQuery();
  const [params, setParams] = useSearchParams();
  const companies = useSettingsCompanyOptionsQuery();
  const fromUrl = Number(params.get('empresa'));
  const companyId = useMemo(() => {
    if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
    const list = companies.data ?? [];
    const own = session?.company?.id;
    if (own && list.some((c) => c.id === own)) return own;
    return list[0]?.id ?? null;
  }, [fromUrl, companies.data, session?.company?.id]);
  const tab = tabOf(params.get('aba'));
  const [reloadKey, setReloadKey] = useState(0);
  const dirty = useRef(false);
  const { modal } = App.useApp();

  useEffect(() => {
    document.title = `${msg.titleAdmin}${sm.pageTitle} - ${APP_NAME}`;
  }, []);

  const setTab = useCallback(
    (key: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('aba', key);
          if (companyId) next.set('empresa', String(companyId));
          return next;
        },
        { replace: true },
      ),
    [setParams, companyId],
  );

  function chooseCompany(id: number) {
    const go = () => {
      dirty.current = false;
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('empresa', String(id));
          return next;
        },
        { replace: true },
      );
    };
    if (!dirty.current) {
      go();
      return;
    }
    modal.confirm({
      title: sm.discardTitle,
      content: sm.discardText,
      okText: sm.discardOk,
      cancelText: sm.cancel,
      onOk: go,
    });
  }

  const settings = useCompanySettingsQuery(companyId ?? 0, { skip: !companyId });

  return (
    <div className="st-page">
      <div className="st-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {sm.pageTitle}
        </Typography.Title>
        <div className="st-company">
          <label htmlFor="st-company">{sm.company}</label>
          <Select
            id="st-company"
            showSearch={{ optionFilterProp: 'label' }}
            loading={companies.isLoading}
            placeholder={sm.chooseCompany}
            value={companyId ?? undefined}
            onChange={chooseCompany}
            options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            style={{ minWidth: 260 }}
          />
        </div>
      </div>
      {companies.isError && <Alert type="error" showIcon title={readApiError(companies.error).message} />}
      {companies.data && companies.data.length === 0 && <Empty description={sm.noCompanies} />}
      {companyId &&
        (settings.isError ? (
          <Alert
            type="error"
            showIcon
            title={sm.loadError}
            description={readApiError(settings.error).message}
            action={
              <Button size="small" onClick={() => void settings.refetch()}>
                {msg.retry}
              </Button>
            }
          />
        ) : !settings.data || settings.data.company.id !== companyId ? (
          <Spin size="large" className="st-spin" />
        ) : (
          <SettingsWorkspace
            key={`${companyId}-${reloadKey}`}
            companyId={companyId}
            settings={settings.data}
            tab={tab}
            onTab={setTab}
            onDirty={(d) => {
              dirty.current = d;
            }}
            onReload={async () => {
              await settings.refetch();
              dirty.current = false;
              setReloadKey((k) => k + 1);
            }}
          />
        ))}
    </div>
  );
}

function SettingsWorkspace({
  companyId,
  settings,
  tab,
  onTab,
  onDirty,
  onReload,
}: {
  companyId: number;
  settings: SettingsView;
  tab: SettingsTabKey;
  onTab: (key: string) => void;
  onDirty: (dirty: boolean) => void;
  onReload: () => Promise<void>;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsFormValues>();
  const initial = useMemo(() => settingsToForm(settings), [settings]);
  const [delays, setDelays] = useState<DelayRow[]>(() => delaysToRows(settings.delay));
  const [delayError, setDelayError] = useState<string | undefined>();
  const [save, { isLoading }] = useSaveSettingsMutation();
  const [reloading, setReloading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const narrow = useNarrow();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function showIssues(issues: { field: SettingsField; message: string }[]) {
    const formIssues = issues.filter((i) => i.field !== 'delay');
    form.setFields(formIssues.map((i) => ({ name: i.field as never, errors: [i.message] })));
    setDelayError(issues.find((i) => i.field === 'delay')?.message);
    const first = issues[0];
    if (first) {
      const target = tabOfField(fieldName(first.field));
      if (target !== tab) onTab(target);
      if (first.field !== 'delay') {
        setTimeout(() => form.scrollToField(first.field as never, { block: 'center', focus: true }), 50);
      }
    }
  }

  async function submit() {
    if (isLoading || reloading) return;
    const values = { ...initial, ...(form.getFieldsValue(true) as Partial<SettingsFormValues>) } as SettingsFormValues;
    const issues = validateSettings(values, delays);
    if (issues.length) {
      showIssues(issues);
      void message.error(sm.fixFields, TOAST_SECONDS);
      return;
    }
    setDelayError(undefined);
    try {
      await save(formToPayload(companyId, values, delays)).unwrap();
      void message.success(sm.saved, TOAST_SECONDS);
      setReloading(true);
      timer.current = setTimeout(() => {
        void onReload();
      }, SETTINGS_RELOAD_MS);
    } catch (e) {
      const err = readApiError(e);
      const issues = Object.entries(err.fields).flatMap(([field, m]) => {
        const f = formFieldOfApi(field);
        return f ? [{ field: f, message: m }] : [];
      });
      if (issues.length) showIssues(issues);
      void message.error(err.statusCode === 0 ? err.message : sm.saveError, TOAST_SECONDS);
    }
  }

  const saveBar = (
    <div className="st-save-bar">
      <Button
        type="primary"
        icon={<SaveOutlined aria-hidden />}
        loading={isLoading || reloading}
        onClick={() => void submit()}
      >
        {isLoading ? sm.saving : sm.save}
      </Button>
      <Typography.Text type="secondary">{sm.unsavedHint}</Typography.Text>
    </div>
  );

  return (
    <Form<SettingsFormValues>
      form={form}
      name="settings"
      component={false}
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => onDirty(true)}
    >
      <Tabs
        tabPlacement={narrow ? 'top' : 'start'}
        activeKey={tab}
        onChange={onTab}
        className="st-tabs"
        items={[
          {
            key: 'sistema',
            label: (
              <span>
                {sm.tabSystem} <Tag className="st-tab-tag">{sm.tabSystemBadge}</Tag>
              </span>
            ),
            forceRender: true,
            children: (
              <SystemTab companyId={companyId} enableTolerance={settings.enableTolerance} saveBar={saveBar} />
            ),
          },
          {
            key: 'atraso',
            label: sm.tabDelay,
            forceRender: true,
            children: (
              <DelayTab
                rows={delays}
                onChange={(rows) => {
                  setDelays(rows);
                  setDelayError(undefined);
                  onDirty(true);
                }}
                error={delayError}
                saveBar={saveBar}
              />
            ),
          },
          {
            key: 'informacoes',
            label: (
              <span>
                {sm.tabInfo} <Tag className="st-tab-tag">{sm.tabInfoBadge}</Tag>
              </span>
            ),
            forceRender: true,
            children: <InfoTab companyId={companyId} logo={settings.logo ?? null} saveBar={saveBar} />,
          },
          { key: 'bloqueios', label: sm.tabBlocks, children: <BlocksTab companyId={companyId} /> },
          { key: 'termos', label: sm.tabTerms, children: <TermsTab companyId={companyId} /> },
          { key: 'popups', label: sm.tabPopups, children: <PopupsTab companyId={companyId} /> },
        ]}
      />
    </Form>
  );
}
