import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

/** The search box of a list (filters as the user types). */
export function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  label: string;
}) {
  return (
    <Input
      className="a-search"
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
