import { Tag } from 'antd';
import { adminMsg } from '../messages';

/** Ativo / Inativo. */
export function StatusTag({ active }: { active: boolean }) {
  return <Tag color={active ? 'green' : 'default'}>{active ? adminMsg.active : adminMsg.inactive}</Tag>;
}
