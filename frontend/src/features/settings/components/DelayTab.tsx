/**
 * Tab Atraso (spec 3 sections 3 and 5): the company's delay reasons (reason, time, icon). A new
 * reason is added to the list and saved with the form; the add button stays disabled while the
 * reason is empty. A saved reason is deleted at once (DELETE /api/delay/delete/{id}).
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TOAST_SECONDS } from '../../../shared/messages';
import { useDeleteDelayMutation } from '../api';
import { DELAY_ICONS, SETTINGS_PAGE_SIZE, sm } from '../messages';
import { checkDelay, type DelayRow } from '../model/settingsForm';
import { maskHHmm } from '../model/time';
import { StaffTable } from '../../../shared/ui/StaffTable';

export function DelayTab({
  rows,
  onChange,
  error,
  saveBar,
}: {
  rows: DelayRow[];
  onChange: (rows: DelayRow[]) => void;
  /** A refusal of the save about the delays. */
  error?: string;
  saveBar: ReactNode;
}) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [time, setTime] = useState('00:30');
  const [icon, setIcon] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<{ reason?: string; time?: string }>({});
  const [remove, removing] = useDeleteDelayMutation();
  const [counter, setCounter] = useState(0);

  function add() {
    const p = checkDelay({ reason, time });
    setProblems(p);
    if (p.reason || p.time) return;
    onChange([...rows, { key: `new-${counter}`, id: null, reason: reason.trim(), time: time.trim(), icon: icon ?? null }]);
    setCounter(counter + 1);
    setReason('');
    setTime('00:30');
    setIcon(undefined);
  }

  async function del(row: DelayRow) {
    if (row.id === null) {
      onChange(rows.filter((r) => r.key !== row.key));
      return;
    }
    try {
      await remove(row.id).unwrap();
      onChange(rows.filter((r) => r.key !== row.key));
      void message.success(sm.deleted, TOAST_SECONDS);
    } catch {
      void message.error(sm.deleteError, TOAST_SECONDS);
    }
  }

  return (
    <div className="st-pane">
      <Typography.Title level={4}>{sm.tabDelay}</Typography.Title>
      <div className="st-delay-add" role="group" aria-label={sm.delayAdd}>
        <div className="st-field">
          <label htmlFor="st-delay-reason">{sm.delayReason}</label>
          <Input
            id="st-delay-reason"
            value={reason}
            maxLength={80}
            status={problems.reason ? 'error' : undefined}
            onChange={(e) => setReason(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              if (reason.trim()) add();
            }}
          />
          {problems.reason && <div className="st-error">{problems.reason}</div>}
        </div>
        <div className="st-field st-field-narrow">
          <label htmlFor="st-delay-time">{sm.delayTime}</label>
          <Input
            id="st-delay-time"
            value={time}
            inputMode="numeric"
            placeholder={sm.delayTimePlaceholder}
            status={problems.time ? 'error' : undefined}
            onChange={(e) => setTime(maskHHmm(e.target.value))}
          />
          {problems.time && <div className="st-error">{problems.time}</div>}
        </div>
        <div className="st-field st-field-icon">
          <label htmlFor="st-delay-icon">{sm.delayIcon}</label>
          <Select
            id="st-delay-icon"
            allowClear
            placeholder={sm.delayNoIcon}
            value={icon}
            onChange={(v) => setIcon(v)}
            options={DELAY_ICONS.map((i) => ({ value: i.value, label: i.label }))}
          />
        </div>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} disabled={!reason.trim()} onClick={add}>
          {sm.delayAdd}
        </Button>
      </div>
      {error && (
        <div className="st-error" role="alert">
          {error}
        </div>
      )}
      <StaffTable<DelayRow>
        label={sm.tabDelay}
        rowKey="key"
        size="small"
        dataSource={rows}
        pagination={{ pageSize: SETTINGS_PAGE_SIZE, hideOnSinglePage: true }}
        locale={{ emptyText: sm.delayEmpty }}
        columns={[
          {
            title: sm.delayReason,
            dataIndex: 'reason',
            render: (text: string, row) => (
              <Space>
                {text}
                {row.id === null && <Tag color="blue">{sm.delayNew}</Tag>}
              </Space>
            ),
          },
          { title: sm.delayTime, dataIndex: 'time', width: 100 },
          { title: sm.delayIcon, dataIndex: 'icon', width: 80, render: (i: string | null) => i ?? '' },
          {
            title: sm.actions,
            key: 'actions',
            width: 100,
            render: (_, row) => (
              <Popconfirm
                title={sm.delayDeleteConfirm}
                okText={sm.yes}
                cancelText={sm.no}
                onConfirm={() => del(row)}
              >
                <Button
                  danger
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  loading={removing.isLoading && removing.originalArgs === row.id}
                  aria-label={`${sm.delete} ${row.reason}`}
                />
              </Popconfirm>
            ),
          },
        ]}
      />
      {saveBar}
    </div>
  );
}
