/**
 * /empresa/novo and /empresa/novo/:id: the company form with the Ativo/Inativo switch and the
 * contact table (spec 1 sections 2 and 5).
 */
import { Col, Form, Input, Row, Switch } from 'antd';
import { useStaffGoTo } from '../auth/session';
import { maskCnpj } from '../../shared/masks';
import { contactPayload, contactRows } from '../../shared/records/contacts';
import { AddressFields } from '../../shared/records/components/AddressFields';
import { ContactTable } from '../../shared/records/components/ContactTable';
import { RecordFormPage } from '../../shared/records/components/RecordFormPage';
import { useSaveAndReturn, useSaveError } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import { antdRules, companyRules, MAX } from '../../shared/records/validation';
import type { ContactItem } from '../../shared/records/api';
import '../../shared/records/admin.css';
import { useCompanyQuery, useSaveCompanyMutation, type Company } from './api';
import { FormActions } from '../../shared/records/components/FormActions';

interface Values {
  name: string;
  company: string;
  cnpj: string;
  uf: string;
  city: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  zipCode: string;
  website: string;
  status: boolean;
  contact: ContactItem[];
}

const FIELDS = [...Object.keys(companyRules), 'status', 'contact'] as const;

function initialValues(c: Company | undefined): Values {
  return {
    name: c?.name ?? '',
    company: c?.company ?? '',
    cnpj: c?.cnpj ?? '',
    uf: c?.uf ?? '',
    city: c?.city ?? '',
    street: c?.street ?? '',
    number: c?.number != null ? String(c.number) : '',
    complement: c?.complement ?? '',
    district: c?.district ?? '',
    zipCode: c?.zipCode ?? '',
    website: c?.website ?? '',
    status: c?.status ?? true,
    contact: contactRows(c?.contact),
  };
}

export default function CompanyFormPage() {
  return (
    <RecordFormPage<Company> title={adminMsg.companyFormTitle} useRecord={useCompanyQuery}>
      {(id, record) => <CompanyForm id={id} record={record} />}
    </RecordFormPage>
  );
}

function CompanyForm({ id, record }: { id: number; record: Company | undefined }) {
  const [form] = Form.useForm<Values>();
  const goTo = useStaffGoTo();
  const [save, { isLoading }] = useSaveCompanyMutation();
  const { done, leaving } = useSaveAndReturn(adminPaths.companies);
  const showError = useSaveError(form, FIELDS);

  async function onFinish(v: Values) {
    try {
      await save({
        ...(id ? { id } : {}),
        name: v.name.trim(),
        company: v.company.trim(),
        cnpj: v.cnpj,
        uf: v.uf,
        city: v.city.trim(),
        street: v.street.trim(),
        number: v.number,
        complement: v.complement?.trim() ?? '',
        district: v.district.trim(),
        zipCode: v.zipCode,
        website: v.website?.trim() ?? '',
        status: v.status,
        contact: contactPayload(v.contact),
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
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item label={adminMsg.tradeName} name="name" required rules={antdRules(companyRules.name)}>
            <Input autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item label={adminMsg.legalName} name="company" required rules={antdRules(companyRules.company)}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item label={adminMsg.status} name="status" valuePropName="checked">
            <Switch checkedChildren={adminMsg.active} unCheckedChildren={adminMsg.inactive} aria-label={adminMsg.status} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={adminMsg.cnpj} name="cnpj" required rules={antdRules(companyRules.cnpj)} normalize={maskCnpj}>
            <Input inputMode="numeric" placeholder="00.000.000/0000-00" maxLength={MAX.cnpj} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item label={adminMsg.website} name="website" rules={antdRules(companyRules.website)}>
            <Input inputMode="url" placeholder="https://" />
          </Form.Item>
        </Col>
      </Row>
      <AddressFields rules={companyRules} />
      <Form.Item name="contact" noStyle>
        <ContactTable />
      </Form.Item>
      <FormActions onBack={() => goTo(adminPaths.companies)} saving={isLoading} />
    </Form>
  );
}
