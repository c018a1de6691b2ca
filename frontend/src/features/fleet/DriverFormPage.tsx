/**
 * /motorista/novo and /motorista/novo/:id (spec 2 "Drivers"): name (upper case, input 25,
 * at most 80), CPF (###.###.###-##, check digits), CNH (11), birth date, active, the company
 * (administrators), the shipping company (not for a Transportadora, whose drivers are its own)
 * and the contacts. A save the server answers 409 `company_move` opens the move-company
 * warning: Sim saves again with `override`, Não reloads the page (spec 2 sections 4 and 8).
 * The trucks are rows of their own (DriverTrucks): a dialog adds one by plate and renavam.
 */
import { App, Col, Form, Input, Row, Switch } from 'antd';
import { readApiError } from '../../shared/apiError';
import { formatDateTime } from '../../shared/formatters';
import { maskCpf, maskDate } from '../../shared/masks';
import { TOAST_SECONDS } from '../../shared/messages';
import { useStaffGoTo } from '../auth/session';
import { CompanyPicker } from '../../shared/records/components/CompanyPicker';
import { RecordFormPage } from '../../shared/records/components/RecordFormPage';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { useSaveAndReturn, useSession } from '../../shared/records/hooks';
import { splitFieldErrors } from '../../shared/records/serverErrors';
import { antdRules } from '../../shared/records/validation';
import '../../shared/records/admin.css';
import {
  CNH_MAX,
  CPF_MASKED_LENGTH,
  DRIVER_NAME_INPUT,
  driverBody,
  driverMsg,
  driverPaths,
  driverRules,
  driverValues,
  readMoveConflict,
  type DriverValues,
} from './drivers';
import { useDriverQuery, useSaveDriverMutation, type Driver } from './driversApi';
import { DriverTrucks } from './DriverTrucks';
import { ContactTable } from '../../shared/records/components/ContactTable';
import { FormActions } from '../../shared/records/components/FormActions';

const FIELDS = ['name', 'cpf', 'cnh', 'birthDate', 'companyId', 'shippingCompanyId'] as const;
const RENAME = { company: 'companyId', shippingCompany: 'shippingCompanyId' };

export default function DriverFormPage() {
  return (
    <RecordFormPage<Driver> title={(id) => (id ? driverMsg.editTitle : driverMsg.newTitle)} useRecord={useDriverQuery}>
      {(id, record) => <DriverForm id={id} record={record} />}
    </RecordFormPage>
  );
}

function DriverForm({ id, record }: { id: number; record: Driver | undefined }) {
  const [form] = Form.useForm<DriverValues>();
  const { message, modal } = App.useApp();
  const goTo = useStaffGoTo();
  const session = useSession();
  const [save, { isLoading }] = useSaveDriverMutation();
  const { done, leaving } = useSaveAndReturn(driverPaths.list);
  const everyCompany = !!session?.screens.seesEveryCompany;
  const ownShipping = !!session?.screens.ownShippingCompany;
  const companyId = Form.useWatch('companyId', form) as number | null | undefined;

  function saved() {
    done(id ? driverMsg.edited : driverMsg.created);
  }

  function showError(e: unknown) {
    const err = readApiError(e);
    if (err.statusCode === 422 && Object.keys(err.fields).length > 0) {
      const { onForm, elsewhere } = splitFieldErrors(err.fields, FIELDS, RENAME);
      if (onForm.length) {
        form.setFields(onForm as Parameters<typeof form.setFields>[0]);
        form.scrollToField(onForm[0].name, { block: 'center' });
      }
      void message.error(elsewhere[0] ?? onForm[0]?.errors[0] ?? err.message, TOAST_SECONDS);
      return;
    }
    if (err.code === 'duplicate' || err.code === 'network') {
      void message.error(err.code === 'duplicate' ? driverMsg.duplicate : err.message, TOAST_SECONDS);
      return;
    }
    void message.error(driverMsg.saveErrorPrefix + err.message, TOAST_SECONDS);
  }

  /** The move-company warning: Sim saves again with `override`; Não reloads the page. */
  function askToMove(v: DriverValues, company: string, queueDate: string | null) {
    modal.confirm({
      title: driverMsg.moveTitle,
      content: (
        <div>
          <p>{driverMsg.moveIntro(company)}</p>
          <p>{driverMsg.moveUnlink}</p>
          {queueDate && <p>{driverMsg.moveQueueDate(formatDateTime(queueDate))}</p>}
          <p>{driverMsg.moveQuestion}</p>
        </div>
      ),
      okText: driverMsg.yes,
      cancelText: driverMsg.no,
      onOk: async () => {
        try {
          await save(driverBody(id, v, true)).unwrap();
          saved();
        } catch {
          void message.error(driverMsg.overrideFailed, TOAST_SECONDS);
        }
      },
      onCancel: () => window.location.reload(),
    });
  }

  async function onFinish(v: DriverValues) {
    const values = everyCompany ? v : { ...v, companyId: record?.company.id ?? session?.company?.id ?? null };
    try {
      await save(driverBody(id, values)).unwrap();
      saved();
    } catch (e) {
      const err = readApiError(e);
      const move = readMoveConflict(err.code, err.body);
      if (move) {
        askToMove(values, move.company, move.queueDate);
        return;
      }
      showError(e);
    }
  }

  return (
    <Form<DriverValues>
      form={form}
      layout="vertical"
      initialValues={driverValues(record)}
      onFinish={(v) => void onFinish(v)}
      // Another company's shipping companies are not the driver's.
      onValuesChange={(changed: Partial<DriverValues>) => {
        if ('companyId' in changed) form.setFieldValue('shippingCompanyId', null);
      }}
      scrollToFirstError
      disabled={leaving}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label={driverMsg.name}
            name="name"
            required
            rules={antdRules(driverRules.name)}
            normalize={(v: string) => (v ?? '').toUpperCase()}
          >
            <Input maxLength={Math.max(DRIVER_NAME_INPUT, record?.name.length ?? 0)} autoFocus={!id} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={driverMsg.cpf} name="cpf" required rules={antdRules(driverRules.cpf)} normalize={maskCpf}>
            <Input inputMode="numeric" placeholder="000.000.000-00" maxLength={CPF_MASKED_LENGTH} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={driverMsg.cnh} name="cnh" required rules={antdRules(driverRules.cnh)}>
            <Input maxLength={CNH_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12} md={6}>
          <Form.Item
            label={driverMsg.birthDate}
            name="birthDate"
            required
            rules={antdRules(driverRules.birthDate)}
            normalize={maskDate}
          >
            <Input inputMode="numeric" placeholder="dd/mm/aaaa" maxLength={10} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={driverMsg.enabled} name="isEnabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {(everyCompany || !ownShipping) && (
        <Row gutter={16}>
          {everyCompany && (
            <Col xs={24} md={12}>
              <CompanyPicker selected={record?.company} />
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item label={driverMsg.shippingCompany} name="shippingCompanyId">
              <RemoteSelect
                resource="shipping-company"
                companyId={(everyCompany ? companyId : session?.company?.id) ?? undefined}
                selected={record?.shippingCompany ?? null}
                placeholder={driverMsg.noShipping}
                ariaLabel={driverMsg.shippingCompany}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="contact" noStyle>
        <ContactTable editable />
      </Form.Item>
      <Form.Item name="truck" noStyle>
        <DriverTrucks />
      </Form.Item>
      <FormActions onBack={() => goTo(driverPaths.list)} saving={isLoading} />
    </Form>
  );
}
