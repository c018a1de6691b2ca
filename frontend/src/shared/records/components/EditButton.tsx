import { Button, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../../../features/auth/session';
import { adminMsg } from '../messages';

/** The edit action of a list row. */
export function EditButton({ to, name }: { to: string; name: string }) {
  const goTo = useStaffGoTo();
  return (
    <Tooltip title={adminMsg.edit}>
      <Button type="text" icon={<EditOutlined aria-hidden />} aria-label={`${adminMsg.edit} ${name}`} onClick={() => goTo(to)} />
    </Tooltip>
  );
}
