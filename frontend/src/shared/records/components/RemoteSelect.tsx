import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useDebounced } from '../hooks';
import { useLikeQuery, type LikeItem, type LikeResource } from '../api';

export interface Choice {
  id: number;
  name: string;
}

function label(item: LikeItem): string {
  return item.code !== undefined && item.code !== null ? `${item.code} - ${item.name}` : item.name;
}

/**
 * An autocomplete picker over `GET /api/{resource}/like/{text}` (optionally narrowed to one
 * company). Its value is the record's id; `selected` gives the label of a value loaded with
 * the form.
 */
export function RemoteSelect({
  resource,
  companyId,
  value,
  onChange,
  selected,
  placeholder,
  disabled,
  id,
  allowClear = true,
  ariaLabel,
  status,
}: {
  resource: LikeResource;
  companyId?: number;
  value?: number | null;
  onChange?: (value: number | null, choice: Choice | null) => void;
  selected?: Choice | null;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  allowClear?: boolean;
  ariaLabel?: string;
  status?: 'error' | 'warning';
}) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const [known, setKnown] = useState<Map<number, string>>(() => new Map());
  const { data, isFetching } = useLikeQuery({ resource, text: search, companyId }, { skip: disabled });

  const options = useMemo(() => {
    const out = new Map<number, string>();
    for (const item of data ?? []) out.set(item.id, label(item));
    if (selected && !out.has(selected.id)) out.set(selected.id, selected.name);
    if (value != null && !out.has(value) && known.has(value)) out.set(value, known.get(value) as string);
    return [...out].map(([v, l]) => ({ value: v, label: l }));
  }, [data, selected, value, known]);

  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      status={status}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear={allowClear}
      placeholder={placeholder}
      disabled={disabled}
      loading={isFetching}
      value={value ?? undefined}
      options={options}
      onChange={(v, option) => {
        const picked = v == null ? null : { id: v, name: (Array.isArray(option) ? '' : (option?.label as string)) ?? '' };
        if (picked) setKnown((m) => new Map(m).set(picked.id, picked.name));
        setText('');
        onChange?.(v ?? null, picked);
      }}
      onClear={() => onChange?.(null, null)}
      notFoundContent={null}
      style={{ width: '100%' }}
    />
  );
}
