import type { ReactNode } from 'react';
import { Col, Form, Input, Row } from 'antd';
import { maskDocument, normalizeCode } from '../masks';
import { adminMsg } from '../messages';
import { antdRules, MAX, type FormRules } from '../validation';
import { AddressFields } from './AddressFields';
import { CompanyPicker } from './CompanyPicker';
import type { Choice } from './RemoteSelect';

/**
 * The fields customers and shipping companies share: the company (administrators choose it for
 * a new record), code and name (with one more field beside them), CNPJ/CPF and state
 * registration, then the address.
 */
export function PartyFields({
  rules,
  id,
  pickCompany,
  company,
  besideName,
  documentsRequired = false,
}: {
  rules: FormRules;
  id: number;
  pickCompany: boolean;
  company: Choice | null | undefined;
  besideName: ReactNode;
  documentsRequired?: boolean;
}) {
  return (
    <>
      {pickCompany && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CompanyPicker selected={company} disabled={!!id} />
          </Col>
        </Row>
      )}
      <Row gutter={16}>
        <Col xs={24} sm={8} md={4}>
          <Form.Item label={adminMsg.code} name="code" required rules={antdRules(rules.code)} normalize={normalizeCode}>
            <Input inputMode="numeric" autoFocus={!id} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={10}>
          <Form.Item label={adminMsg.name} name="name" required rules={antdRules(rules.name)}>
            <Input />
          </Form.Item>
        </Col>
        {besideName}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={adminMsg.cnpjOrCpf} name="cnpj" required={documentsRequired} rules={antdRules(rules.cnpj)} normalize={maskDocument}>
            <Input inputMode="numeric" placeholder="00.000.000/0000-00" maxLength={MAX.cnpj} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={adminMsg.stateRegistration}
            name="stateRegistration"
            required={documentsRequired}
            rules={antdRules(rules.stateRegistration)}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <AddressFields rules={rules} />
    </>
  );
}
