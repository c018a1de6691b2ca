/** /cliente/novo/:id: the customer form (id 0 creates, another id edits). */
import { useParams } from 'react-router';
import { Button, Col, Form, Input, Row, Space } from 'antd';
import { useStaffGoTo } from '../auth/session';
import { contactPayload, contactRows } from '../../shared/records/contacts';
import { AddressFields } from '../../shared/records/components/AddressFields';
import { CompanyPicker } from '../../shared/records/components/CompanyPicker';
import { ContactTable } from '../../shared/records/components/ContactTable';
import { FormShell } from '../../shared/records/components/FormShell';
import { useSaveAndReturn, useSaveError, useSession } from '../../shared/records/hooks';
import { maskDocument, normalizeCode } from '../../shared/records/masks';
import { adminMsg } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import { antdRules, customerRules, MAX } from '../../shared/records/validation';
import type { ContactItem } from '../../shared/records/api';
import { partyAddressBody, partyAddressValues, type PartyAddressValues } from '../../shared/records/party';
import '../../shared/records/admin.css';
import { useCustomerQuery, useSaveCustomerMutation, type Customer } from './api';

interface Values extends PartyAddressValues {
  companyId: number | null;
  code: string;
  name: string;
  company: string;
  contact: ContactItem[];
}

const FIELDS = [...Object.keys(customerRules), 'companyId', 'contact'] as const;
const RENAME = { _company: 'companyId' };

function initialValues(c: Customer | undefined): Values {
  return {
    companyId: c?._company.id ?? null,
    code: c ? String(c.code) : '',
    name: c?.name ?? '',
    company: c?.company ?? '',
    ...partyAddressValues(c),
    contact: contactRows(c?.contact),
  };
}

export default function CustomerFormPage() {
  const params = useParams();
  const id = Number(params.id ?? 0) || 0;
  const record = useCustomerQuery(id, { skip: !id });
  return (
    <FormShell
      title={adminMsg.customerFormTitle}
      loading={!!id && record.isLoading}
      error={!!id && record.isError ? record.error : undefined}
      onRetry={() => void record.refetch()}
    >
      {(!id || record.data) && <CustomerForm key={record.data?.id ?? 'new'} id={id} record={record.data} />}
    </FormShell>
  );
}

function CustomerForm({ id, record }: { id: number; record: Customer | undefined }) {
  const [form] = Form.useForm<Values>();
  const goTo = useStaffGoTo();
  const session = useSession();
  const [save, { isLoading }] = useSaveCustomerMutation();
  const { done, leaving } = useSaveAndReturn(adminPaths.customers);
  const showError = useSaveError(form, FIELDS, RENAME);
  // Administrators choose the company of a new customer; a Usuario's go to its own.
  const pickCompany = !session?.company;

  async function onFinish(v: Values) {
    const companyId = pickCompany ? v.companyId : (session?.company?.id ?? null);
    try {
      await save({
        id,
        code: String(v.code ?? '').trim(),
        name: v.name.trim(),
        company: v.company?.trim() ?? '',
        ...partyAddressBody(v),
        contact: contactPayload(v.contact),
        _company: companyId ? { id: companyId } : null,
      }).unwrap();
      done();
    } catch (e) {
      showError(e);
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues(record)}
      onFinish={(v) => void onFinish(v)}
      scrollToFirstError
      disabled={leaving}
    >
      {pickCompany && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CompanyPicker selected={record?._company} disabled={!!id} />
          </Col>
        </Row>
      )}
      <Row gutter={16}>
        <Col xs={24} sm={8} md={4}>
          <Form.Item label={adminMsg.code} name="code" required rules={antdRules(customerRules.code)} normalize={normalizeCode}>
            <Input inputMode="numeric" autoFocus={!id} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={10}>
          <Form.Item label={adminMsg.name} name="name" required rules={antdRules(customerRules.name)}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item label={adminMsg.legalName} name="company" rules={antdRules(customerRules.company)}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={adminMsg.cnpjOrCpf} name="cnpj" rules={antdRules(customerRules.cnpj)} normalize={maskDocument}>
            <Input inputMode="numeric" placeholder="00.000.000/0000-00" maxLength={MAX.cnpj} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={adminMsg.stateRegistration} name="stateRegistration" rules={antdRules(customerRules.stateRegistration)}>
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <AddressFields rules={customerRules} />
      <Form.Item name="contact" noStyle>
        <ContactTable whatsapp />
      </Form.Item>
      <Space className="a-form-actions">
        <Button onClick={() => goTo(adminPaths.customers)}>{adminMsg.back}</Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {adminMsg.save}
        </Button>
      </Space>
    </Form>
  );
}
