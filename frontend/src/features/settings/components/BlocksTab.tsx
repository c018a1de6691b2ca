/**
 * Tab Bloqueios (spec 3 sections 3, 5 and 8): blocked date ranges. A title and a range of days
 * (every day of it is sent); 'Data é obrigatório' without a range; the list shows the first and
 * the last day; delete after a confirmation.
 */
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { App, Button, DatePicker, Form, Input, Popconfirm, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { readApiError } from '../../../shared/apiError';
import { TOAST_SECONDS } from '../../../shared/messages';
import { useCompanyHolidaysQuery, useDeleteHolidayMutation, useSaveHolidayMutation } from '../api';
import { SETTINGS_PAGE_SIZE, sm } from '../messages';
import { blockPayload, blockSpan, validateBlock, type HolidayView } from '../model/blocks';
import { isoDayToBr } from '../model/time';
import { keepEnterInPicker } from './keys';
import { StaffTable } from '../../../shared/ui/StaffTable';

interface BlockValues {
  title: string;
  range: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';

function rangeDays(range: BlockValues['range']): [string, string] | null {
  if (!range || !range[0] || !range[1]) return null;
  return [range[0].format(DAY), range[1].format(DAY)];
}

/** The range picker with a name on each of its two inputs: the form label names only the first,
 * and a placeholder is no label. */
function LabelledRangePicker(props: ComponentProps<typeof DatePicker.RangePicker>) {
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const inputs = box.current?.querySelectorAll('input');
    inputs?.[0]?.setAttribute('aria-label', sm.blockFirst);
    inputs?.[1]?.setAttribute('aria-label', sm.blockLast);
  });
  return (
    <span ref={box}>
      <DatePicker.RangePicker {...props} />
    </span>
  );
}

export function BlocksTab({ companyId }: { companyId: number }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BlockValues>();
  const list = useCompanyHolidaysQuery(companyId);
  const [save, saving] = useSaveHolidayMutation();
  const [remove] = useDeleteHolidayMutation();
  const [deleting, setDeleting] = useState<number | null>(null);

  async function onFinish(values: BlockValues) {
    const range = rangeDays(values.range);
    const problems = validateBlock(values.title ?? '', range);
    if (problems.title || problems.dates || !range) {
      form.setFields([
        { name: 'title', errors: problems.title ? [problems.title] : [] },
        { name: 'range', errors: problems.dates ? [problems.dates] : [] },
      ]);
      return;
    }
    try {
      await save(blockPayload(companyId, values.title ?? '', range)).unwrap();
      void message.success(sm.blockSaved, TOAST_SECONDS);
      form.resetFields();
    } catch (e) {
      const err = readApiError(e);
      if (err.fields.dates || err.fields.title) {
        form.setFields([
          { name: 'title', errors: err.fields.title ? [err.fields.title] : [] },
          { name: 'range', errors: err.fields.dates ? [err.fields.dates] : [] },
        ]);
      }
      void message.error(err.statusCode === 422 ? err.message : sm.saveError, TOAST_SECONDS);
    }
  }

  async function del(row: HolidayView) {
    setDeleting(row.id);
    try {
      await remove({ id: row.id, companyId }).unwrap();
      void message.success(sm.deleted, TOAST_SECONDS);
    } catch {
      void message.error(sm.deleteError, TOAST_SECONDS);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="st-pane">
      <Typography.Title level={4}>{sm.tabBlocks}</Typography.Title>
      <Form<BlockValues> form={form} name="block" layout="vertical" onFinish={(v) => void onFinish(v)} className="st-block-form">
        <Form.Item name="title" label={sm.blockTitle}>
          <Input maxLength={100} placeholder={sm.blockTitlePlaceholder} />
        </Form.Item>
        <Form.Item name="range" label={sm.blockDates}>
          <LabelledRangePicker
            format="DD/MM/YYYY"
            allowClear
            onKeyDown={keepEnterInPicker}
            onChange={() => form.setFields([{ name: 'range', errors: [] }])}
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving.isLoading}>
            {sm.save}
          </Button>
        </Form.Item>
      </Form>
      <StaffTable<HolidayView>
        label={sm.tabBlocks}
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={{ pageSize: SETTINGS_PAGE_SIZE, hideOnSinglePage: true }}
        locale={{ emptyText: list.isError ? sm.loadError : sm.blockEmpty }}
        columns={[
          { title: sm.blockTitle, dataIndex: 'title' },
          {
            title: sm.blockFirst,
            key: 'first',
            render: (_, row) => isoDayToBr(blockSpan(row.dates)?.first ?? ''),
          },
          {
            title: sm.blockLast,
            key: 'last',
            render: (_, row) => isoDayToBr(blockSpan(row.dates)?.last ?? ''),
          },
          { title: sm.blockDays, key: 'days', width: 80, render: (_, row) => row.dates.length },
          {
            title: sm.actions,
            key: 'actions',
            width: 100,
            render: (_, row) => (
              <Popconfirm title={sm.blockDeleteConfirm} okText={sm.yes} cancelText={sm.no} onConfirm={() => del(row)}>
                <Button
                  danger
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  loading={deleting === row.id}
                  aria-label={`${sm.delete} ${row.title}`}
                />
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
