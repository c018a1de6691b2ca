import { Button, Space } from 'antd';
import { adminMsg } from '../messages';

/** The foot of a record form: back to the list, and save (the form's submit). */
/** Back stays enabled while a saved form is leaving for the list. */
export function FormActions({ onBack, saving }: { onBack?: () => void; saving: boolean }) {
  return (
    <Space className="a-form-actions">
      {onBack && (
        <Button onClick={onBack} disabled={false}>
          {adminMsg.back}
        </Button>
      )}
      <Button type="primary" htmlType="submit" loading={saving}>
        {adminMsg.save}
      </Button>
    </Space>
  );
}
