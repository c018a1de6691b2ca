/**
 * Tab Termos (spec 3 section 2): the company's terms of use and 'Cadastrar', which opens the
 * term form at /termos-de-acesso/{companyId}/novo/undefined. A term is edited in the same form
 * and deleted here after a confirmation.
 */
import { useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../shared/formatters';
import { TOAST_SECONDS } from '../../../shared/messages';
import { useStaffGoTo } from '../../auth/session';
import { useCompanyUseTermsQuery, useDeleteUseTermMutation } from '../api';
import { SETTINGS_PAGE_SIZE, sm } from '../messages';
import { termFormPath, type UseTermView } from '../model/termForm';
import { StaffTable } from '../../../shared/ui/StaffTable';

export function TermsTab({ companyId }: { companyId: number }) {
  const { message } = App.useApp();
  const goTo = useStaffGoTo();
  const list = useCompanyUseTermsQuery(companyId);
  const [remove] = useDeleteUseTermMutation();
  const [deleting, setDeleting] = useState<number | null>(null);

  async function del(row: UseTermView) {
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
      <div className="st-pane-head">
        <Typography.Title level={4}>{sm.termsList}</Typography.Title>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(termFormPath(companyId, null))}>
          {sm.termNew}
        </Button>
      </div>
      <StaffTable<UseTermView>
        label={sm.termsList}
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={{ pageSize: SETTINGS_PAGE_SIZE, hideOnSinglePage: true }}
        locale={{ emptyText: list.isError ? sm.loadError : sm.termEmpty }}
        columns={[
          { title: sm.termTitle, dataIndex: 'title' },
          {
            title: sm.termActive,
            dataIndex: 'active',
            width: 90,
            render: (on: boolean) => (on ? <Tag color="green">{sm.yes}</Tag> : <Tag>{sm.no}</Tag>),
          },
          { title: sm.termUpdatedAt, dataIndex: 'updatedAt', width: 170, render: (d: string) => formatDateTime(d) },
          {
            title: sm.actions,
            key: 'actions',
            width: 120,
            render: (_, row) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined aria-hidden />}
                  aria-label={`${sm.edit} ${row.title}`}
                  onClick={() => goTo(termFormPath(companyId, row.id))}
                />
                <Popconfirm title={sm.termDeleteConfirm} okText={sm.yes} cancelText={sm.no} onConfirm={() => del(row)}>
                  <Button
                    danger
                    size="small"
                    icon={<DeleteOutlined aria-hidden />}
                    loading={deleting === row.id}
                    aria-label={`${sm.delete} ${row.title}`}
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
