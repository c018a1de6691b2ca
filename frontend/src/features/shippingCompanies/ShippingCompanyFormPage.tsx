/**
 * /transportadora/novo/:id: the shipping-company form (0 creates, an id edits). Its login (the
 * e-mail and password its Transportadora user signs in with), its users' contact
 * authorizations (SMS, WhatsApp, e-mail) and its contacts. The rules of spec 1 section 5
 * apply on edit only (state registration required, street at most 25); the password has at
 * most 11 characters.
 */
import { Checkbox, Col, Form, Input, Row, Switch, Typography } from 'antd';
import { useStaffGoTo } from '../auth/session';
import { contactPayload, contactRows } from '../../shared/records/contacts';
import { ContactTable } from '../../shared/records/components/ContactTable';
import { FormActions } from '../../shared/records/components/FormActions';
import { PartyFields } from '../../shared/records/components/PartyFields';
import { RecordFormPage } from '../../shared/records/components/RecordFormPage';
import { useSaveAndReturn, useSaveError, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import { antdRules, MAX, shippingRules } from '../../shared/records/validation';
import type { ContactItem } from '../../shared/records/api';
import { partyAddressBody, partyAddressValues, type PartyAddressValues } from '../../shared/records/party';
import '../../shared/records/admin.css';
import { useSaveShippingCompanyMutation, useShippingCompanyQuery, type ShippingCompany, type ShippingUser } from './api';
import { StaffTable } from '../../shared/ui/StaffTable';

interface Values extends PartyAddressValues {
  companyId: number | null;
  code: string;
  name: string;
  isEnabled: boolean;
  login: string;
  password: string;
  users: ShippingUser[];
  contact: ContactItem[];
}

const FIELDS = [...Object.keys(shippingRules(true)), 'companyId', 'isEnabled', 'users', 'contact'] as const;
const RENAME = { _company: 'companyId' };

function initialValues(s: ShippingCompany | undefined): Values {
  return {
    companyId: s?.company.id ?? null,
    code: s ? String(s.code) : '',
    name: s?.name ?? '',
    ...partyAddressValues(s),
    isEnabled: s?.isEnabled ?? true,
    login: s?.login?.login ?? '',
    password: '',
    users: s?.users ?? [],
    contact: contactRows(s?.contact),
  };
}

export default function ShippingCompanyFormPage() {
  return (
    <RecordFormPage<ShippingCompany> title={adminMsg.shippingFormTitle} useRecord={useShippingCompanyQuery}>
      {(id, record) => <ShippingForm id={id} record={record} />}
    </RecordFormPage>
  );
}

/** The users' contact authorizations (a form control). */
function UserFlags({ value = [], onChange }: { value?: ShippingUser[]; onChange?: (v: ShippingUser[]) => void }) {
  const set = (id: number, patch: Partial<ShippingUser>) => onChange?.(value.map((u) => (u.id === id ? { ...u, ...patch } : u)));
  const flag = (key: 'hasSMS' | 'hasWhats' | 'hasEmail', title: string) => ({
    title,
    key,
    width: 100,
    render: (_: unknown, u: ShippingUser) => (
      <Checkbox checked={u[key]} aria-label={`${title} ${u.name}`} onChange={(e) => set(u.id, { [key]: e.target.checked })} />
    ),
  });
  return (
    <StaffTable<ShippingUser>
      label={adminMsg.usersSection}
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={value}
      locale={{ emptyText: adminMsg.noUsers }}
      columns={[
        { title: adminMsg.name, dataIndex: 'name', key: 'name' },
        { title: adminMsg.email, dataIndex: 'email', key: 'email' },
        flag('hasSMS', adminMsg.sms),
        flag('hasWhats', adminMsg.whatsapp),
        flag('hasEmail', adminMsg.email),
      ]}
    />
  );
}

function ShippingForm({ id, record }: { id: number; record: ShippingCompany | undefined }) {
  const [form] = Form.useForm<Values>();
  const goTo = useStaffGoTo();
  const session = useSession();
  const [save, { isLoading }] = useSaveShippingCompanyMutation();
  const { done, leaving } = useSaveAndReturn(adminPaths.shippingCompanies);
  const showError = useSaveError(form, FIELDS, RENAME);
  const editing = id > 0;
  const rules = shippingRules(editing);
  const pickCompany = !!session?.screens.seesEveryCompany;
  const hasLogin = !!record?.login;

  async function onFinish(v: Values) {
    const companyId = pickCompany ? v.companyId : (session?.company?.id ?? null);
    const login = v.login?.trim();
    try {
      await save({
        id,
        code: String(v.code ?? '').trim(),
        name: v.name.trim(),
        ...partyAddressBody(v),
        isEnabled: v.isEnabled,
        contact: contactPayload(v.contact),
        users: (v.users ?? []).map((u) => ({ id: u.id, hasEmail: u.hasEmail, hasSMS: u.hasSMS, hasWhats: u.hasWhats })),
        login: login ? { login, ...(v.password ? { password: v.password } : {}) } : null,
        company: companyId ? { id: companyId } : null,
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
        rules={rules}
        id={id}
        pickCompany={pickCompany}
        company={record?.company}
        documentsRequired={editing}
        besideName={
          <Col xs={24} md={5}>
            <Form.Item label={adminMsg.status} name="isEnabled" valuePropName="checked">
              <Switch checkedChildren={adminMsg.active} unCheckedChildren={adminMsg.inactive} aria-label={adminMsg.shippingEnabled} />
            </Form.Item>
          </Col>
        }
      />

      <Typography.Title level={5} className="a-section-title">
        {adminMsg.loginSection}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item label={adminMsg.loginEmail} name="login" rules={antdRules(rules.login)}>
            <Input type="email" autoComplete="off" maxLength={MAX.userEmail} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={adminMsg.password}
            name="password"
            dependencies={['login']}
            extra={hasLogin ? adminMsg.passwordKeep : undefined}
            rules={[
              ...antdRules(rules.password),
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  !hasLogin && String(getFieldValue('login') ?? '').trim() && !value
                    ? Promise.reject(new Error(adminMsg.passwordRequired))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={MAX.password} />
          </Form.Item>
        </Col>
      </Row>

      {editing && (
        <>
          <Typography.Title level={5} className="a-section-title">
            {adminMsg.usersSection}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{adminMsg.usersAuthorization}</Typography.Paragraph>
          <Form.Item name="users" noStyle>
            <UserFlags />
          </Form.Item>
        </>
      )}

      <Form.Item name="contact" noStyle>
        <ContactTable whatsapp />
      </Form.Item>
      <FormActions onBack={() => goTo(adminPaths.shippingCompanies)} saving={isLoading} />
    </Form>
  );
}
