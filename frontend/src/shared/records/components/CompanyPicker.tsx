import { Form } from 'antd';
import { adminMsg } from '../messages';
import { RemoteSelect, type Choice } from './RemoteSelect';

/**
 * The company a new record goes to, for administrators (who see every company). A Usuario's
 * records always go to its own company, so it is not shown to them.
 */
export function CompanyPicker({
  name = 'companyId',
  selected,
  disabled,
  label = adminMsg.company,
}: {
  name?: string;
  selected?: Choice | null;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <Form.Item
      label={label}
      name={name}
      required
      rules={[{ required: true, message: adminMsg.chooseCompany }]}
    >
      <RemoteSelect resource="company" selected={selected} disabled={disabled} placeholder={adminMsg.chooseCompanyPlaceholder} />
    </Form.Item>
  );
}
