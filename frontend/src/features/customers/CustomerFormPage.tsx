/** /cliente/novo/:id: the customer form (id 0 creates, another id edits). */
import { Col, Form, Input } from 'antd';
import { useStaffGoTo } from '../auth/session';
import { contactPayload, contactRows } from '../../shared/records/contacts';
import { ContactTable } from '../../shared/records/components/ContactTable';
import { FormActions } from '../../shared/records/components/FormActions';
import { PartyFields } from '../../shared/records/components/PartyFields';
import { RecordFormPage } from '../../shared/records/components/RecordFormPage';
import { useSaveAndReturn, useSaveError, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import { antdRules, customerRules } from '../../shared/records/validation';
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
  return (
    <RecordFormPage<Customer> title={adminMsg.customerFormTitle} useRecord={useCustomerQuery}>
      {(id, record) => <CustomerForm id={id} record={record} />}
    </RecordFormPage>
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
  const pickCompany = !!session?.screens.seesEveryCompany;

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
      <PartyFields
        rules={customerRules}
        id={id}
        pickCompany={pickCompany}
        company={record?._company}
        besideName={
          <Col xs={24} md={10}>
            <Form.Item label={adminMsg.legalName} name="company" rules={antdRules(customerRules.company)}>
              <Input />
            </Form.Item>
          </Col>
        }
      />
      <Form.Item name="contact" noStyle>
        <ContactTable whatsapp />
      </Form.Item>
      <FormActions onBack={() => goTo(adminPaths.customers)} saving={isLoading} />
    </Form>
  );
}
