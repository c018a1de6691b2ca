import { useRef, useState } from 'react';
import { Alert, Col, Form, Input, Row } from 'antd';
import { maskCep } from '../../../shared/masks';
import { readApiError } from '../../../shared/apiError';
import { useLazyPostalCodeQuery, type PostalAddress } from '../api';
import { adminMsg } from '../messages';
import { antdRules, MAX, type FormRules } from '../validation';
import { fillFromPostal } from '../address';

/** UF: letters only, upper case, 2 characters. */
export const normalizeUf = (v: string | undefined) => (v ?? '').replace(/[^a-z]/gi, '').toUpperCase().slice(0, MAX.uf);
/** Number: digits only, 5 characters. */
export const normalizeNumber = (v: string | number | undefined) => String(v ?? '').replace(/\D/g, '').slice(0, MAX.number);

/**
 * The address block of the company, customer and shipping-company forms: CEP (#####-###),
 * UF, city, district, street, number, complement. When the CEP is complete, the postal-code
 * service fills city, district, street, UF and complement (cut to the form's lengths); when it
 * fails the form stays editable and a short notice says so.
 */
export function AddressFields({ rules }: { rules: FormRules }) {
  const form = Form.useFormInstance();
  const [lookup, { isFetching }] = useLazyPostalCodeQuery();
  const [notice, setNotice] = useState<{ type: 'info' | 'warning'; text: string } | null>(null);
  // The CEP-failure notice is stale once the user fills the address by hand.
  const typedByHand = () => setNotice((n) => (n?.type === 'warning' ? null : n));
  const asked = useRef('');

  async function onZip(value: string) {
    const cep = maskCep(value);
    if (cep.length !== MAX.cep || cep === asked.current) return;
    asked.current = cep;
    setNotice(null);
    try {
      const address: PostalAddress = await lookup(cep, true).unwrap();
      if (form.getFieldValue('zipCode') !== cep) return; // typed on meanwhile
      form.setFieldsValue(fillFromPostal(address, rules));
      void form.validateFields(['uf', 'city', 'district', 'street', 'complement']).catch(() => undefined);
      setNotice({ type: 'info', text: adminMsg.cepFilled });
    } catch (e) {
      const err = readApiError(e);
      const text = err.statusCode === 404 || err.statusCode === 503 || err.statusCode === 422 ? err.message : adminMsg.cepFailed;
      setNotice({ type: 'warning', text });
    }
  }

  const req = (f: string) => !!rules[f]?.required;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={8} md={6}>
          <Form.Item label={adminMsg.zipCode} name="zipCode" required={req('zipCode')} rules={antdRules(rules.zipCode)} normalize={maskCep}>
            <Input
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="00000-000"
              maxLength={MAX.cep}
              onChange={(e) => void onZip(e.target.value)}
              suffix={isFetching ? <span className="a-muted">{adminMsg.cepLooking}</span> : <span />}
            />
          </Form.Item>
        </Col>
        <Col xs={8} sm={4} md={3}>
          <Form.Item label={adminMsg.uf} name="uf" required={req('uf')} rules={antdRules(rules.uf)} normalize={normalizeUf}>
            <Input maxLength={MAX.uf} autoComplete="address-level1" onChange={typedByHand} />
          </Form.Item>
        </Col>
        <Col xs={16} sm={12} md={7}>
          <Form.Item label={adminMsg.city} name="city" required={req('city')} rules={antdRules(rules.city)}>
            <Input autoComplete="address-level2" onChange={typedByHand} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={adminMsg.district} name="district" required={req('district')} rules={antdRules(rules.district)}>
            <Input onChange={typedByHand} />
          </Form.Item>
        </Col>
      </Row>
      {notice && (
        <Alert className="a-notice" type={notice.type} showIcon title={notice.text} closable={{ onClose: () => setNotice(null) }} role="status" />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={adminMsg.street} name="street" required={req('street')} rules={antdRules(rules.street)}>
            <Input autoComplete="address-line1" onChange={typedByHand} />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item label={adminMsg.number} name="number" rules={antdRules(rules.number)} normalize={normalizeNumber}>
            <Input inputMode="numeric" maxLength={MAX.number} onChange={typedByHand} />
          </Form.Item>
        </Col>
        <Col xs={16} md={8}>
          <Form.Item label={adminMsg.complement} name="complement" rules={antdRules(rules.complement)}>
            <Input autoComplete="address-line2" onChange={typedByHand} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
