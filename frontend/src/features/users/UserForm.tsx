/**
 * The user form (/usuario/novo, /usuario/novo/:id) and the profile form (/user/edit,
 * /admin/edit): name, e-mail, CPF, phone, role, password, company picker (every role but
 * Administrador), shipping-company picker (Transportadora), daily report (Usuario and
 * Expedicao), root switch (administrators), active switch; in the profile of a Transportadora
 * the SMS / WhatsApp / e-mail authorizations.
 */
import { Button, Checkbox, Col, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { readApiError } from '../../shared/apiError';
import { maskCpf, maskPhone } from '../../shared/masks';
import { useRolesQuery } from '../../shared/records/api';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { useSaveError, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { antdRules, MAX, userRules } from '../../shared/records/validation';
import { useSaveUserMutation, type UserBody, type UserView } from './api';
import { formRights, formShape, orderRoles } from './userForm';
import type { Schema } from '../../shared/api/types';

interface Values {
  name: string;
  email: string;
  cpf: string;
  fone: string;
  role: string;
  password: string;
  companyId: number | null;
  shippingCompanyId: number | null;
  receivesEmail: boolean;
  isRoot: boolean;
  isEnabled: boolean;
  hasSMS: boolean;
  hasWhats: boolean;
  hasEmail: boolean;
}

const FIELDS = [
  'name',
  'email',
  'cpf',
  'fone',
  'role',
  'password',
  'companyId',
  'shippingCompanyId',
  'receivesEmail',
  'isRoot',
  'isEnabled',
] as const;
const RENAME = { company: 'companyId', shippingCompany: 'shippingCompanyId' };

export type ContactFlags = Schema<'AuthorizationView'>;

function initialValues(u: UserView | undefined, flags: ContactFlags | undefined): Values {
  return {
    name: u?.name ?? '',
    email: u?.email ?? '',
    cpf: u?.cpf ?? '',
    fone: u?.fone ?? '',
    role: u?.role ?? 'Usuario',
    password: '',
    companyId: u?.company?.id ?? null,
    shippingCompanyId: u?.shippingCompany?.id ?? null,
    receivesEmail: u?.receivesEmail ?? false,
    isRoot: u?.isRoot ?? false,
    isEnabled: u?.isEnabled ?? true,
    hasSMS: flags?.hasSMS ?? false,
    hasWhats: flags?.hasWhats ?? false,
    hasEmail: flags?.hasEmail ?? false,
  };
}

export function UserForm({
  record,
  profile,
  contactFlags,
  onSaved,
  onBack,
  disabled,
}: {
  record: UserView | undefined;
  /** The signed-in user's own profile (/user/edit, /admin/edit). */
  profile: boolean;
  contactFlags?: ContactFlags;
  onSaved: (u: UserView) => void;
  onBack?: () => void;
  disabled?: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const roles = useRolesQuery();
  const [save, { isLoading }] = useSaveUserMutation();
  const showError = useSaveError(form, FIELDS, RENAME);
  const id = record?.id ?? null;
  const role = Form.useWatch('role', form) ?? record?.role ?? 'Usuario';
  const companyId = Form.useWatch('companyId', form) as number | null | undefined;
  const shape = formShape(roles.data?.find((r) => r.id === role)?.form, profile);
  const rights = formRights(record, session?.screens?.newUser);
  const rules = userRules(!id);

  async function onFinish(v: Values) {
    const body: UserBody = {
      ...(id ? { id } : {}),
      name: v.name.trim(),
      email: v.email.trim(),
      cpf: v.cpf ?? '',
      fone: v.fone ?? '',
      role: v.role,
      password: v.password ?? '',
      company: shape.company && v.companyId ? { id: v.companyId } : null,
      shippingCompany: shape.shippingCompany && v.shippingCompanyId ? { id: v.shippingCompanyId } : null,
      receivesEmail: shape.dailyReport && !!v.receivesEmail,
      isEnabled: v.isEnabled,
      isRoot: shape.rootSwitch && !!v.isRoot,
      ...(shape.contactFlags ? { hasSMS: !!v.hasSMS, hasWhats: !!v.hasWhats, hasEmail: !!v.hasEmail } : {}),
    };
    try {
      const saved = await save(body).unwrap();
      form.setFieldValue('password', '');
      onSaved(saved);
    } catch (e) {
      const err = readApiError(e);
      if (err.code === 'duplicate') form.setFields([{ name: 'email', errors: [err.message] }]);
      showError(e);
    }
  }

  const roleOptions = orderRoles(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues(record, contactFlags)}
      onFinish={(v) => void onFinish(v)}
      scrollToFirstError
      disabled={disabled}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={adminMsg.name} name="name" required rules={antdRules(rules.name)}>
            <Input maxLength={MAX.userName} autoComplete="name" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={adminMsg.email} name="email" required rules={antdRules(rules.email)}>
            <Input type="email" maxLength={MAX.userEmail} autoComplete="email" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={adminMsg.cpf} name="cpf" rules={antdRules(rules.cpf)} normalize={maskCpf}>
            <Input inputMode="numeric" placeholder="000.000.000-00" maxLength={MAX.cpf} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={adminMsg.phone} name="fone" rules={antdRules(rules.fone)} normalize={maskPhone}>
            <Input inputMode="tel" placeholder="(00) 0 0000-0000" maxLength={MAX.phone} autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={adminMsg.password}
            name="password"
            required={!id}
            rules={antdRules(rules.password)}
            extra={id ? adminMsg.passwordKeep : undefined}
          >
            <Input.Password maxLength={MAX.password} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={adminMsg.role} name="role" required>
            <Select
              options={roleOptions}
              loading={roles.isLoading}
              disabled={!rights.roleAndCompany}
              placeholder={adminMsg.chooseRolePlaceholder}
              onChange={() => form.setFieldValue('shippingCompanyId', null)}
            />
          </Form.Item>
        </Col>
        {shape.company && (
          <Col xs={24} md={8}>
            <Form.Item
              label={adminMsg.company}
              name="companyId"
              required={shape.companyRequired}
              rules={shape.companyRequired ? [{ required: true, message: adminMsg.companyForUser }] : []}
            >
              <RemoteSelect
                resource="company"
                selected={record?.company ?? null}
                disabled={!rights.roleAndCompany}
                placeholder={adminMsg.chooseCompanyPlaceholder}
              />
            </Form.Item>
          </Col>
        )}
        {shape.shippingCompany && (
          <Col xs={24} md={8}>
            <Form.Item
              label={adminMsg.shippingCompany}
              name="shippingCompanyId"
              required
              rules={[{ required: true, message: adminMsg.shippingForUser }]}
            >
              <RemoteSelect
                resource="shipping-company"
                companyId={companyId ?? undefined}
                selected={record?.shippingCompany ?? null}
                disabled={!rights.roleAndCompany}
                placeholder={adminMsg.chooseShippingPlaceholder}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Space wrap size="large">
        {shape.dailyReport && (
          <Form.Item name="receivesEmail" valuePropName="checked">
            <Checkbox>{adminMsg.dailyReport}</Checkbox>
          </Form.Item>
        )}
        {shape.rootSwitch && (
          <Form.Item label={adminMsg.rootSwitch} name="isRoot" valuePropName="checked">
            <Switch disabled={!rights.rootSwitch} aria-label={adminMsg.rootSwitch} />
          </Form.Item>
        )}
        <Form.Item label={adminMsg.enabledSwitch} name="isEnabled" valuePropName="checked">
          <Switch
            disabled={!rights.enabledSwitch}
            checkedChildren={adminMsg.active}
            unCheckedChildren={adminMsg.inactive}
            aria-label={adminMsg.enabledSwitch}
          />
        </Form.Item>
      </Space>
      {shape.contactFlags && (
        <fieldset className="a-fieldset">
          <Typography.Text strong>{adminMsg.contactAuthorization}</Typography.Text>
          <Space wrap>
            <Form.Item name="hasSMS" valuePropName="checked" noStyle>
              <Checkbox>{adminMsg.sms}</Checkbox>
            </Form.Item>
            <Form.Item name="hasWhats" valuePropName="checked" noStyle>
              <Checkbox>{adminMsg.whatsapp}</Checkbox>
            </Form.Item>
            <Form.Item name="hasEmail" valuePropName="checked" noStyle>
              <Checkbox>{adminMsg.email}</Checkbox>
            </Form.Item>
          </Space>
        </fieldset>
      )}
      <Space className="a-form-actions">
        {onBack && <Button onClick={onBack}>{adminMsg.back}</Button>}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {adminMsg.save}
        </Button>
      </Space>
    </Form>
  );
}
