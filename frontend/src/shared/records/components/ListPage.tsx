/**
 * The list screen every record area shares: title and header buttons, the search box, an
 * optional company filter for administrators, the paged table with edit and delete (with its
 * confirmation) per row. The page owns its query; this draws it.
 */
import type { ReactNode } from 'react';
import { Button, Space, type TableColumnsType } from 'antd';
import { StaffTable } from '../../ui/StaffTable';
import { CloseOutlined } from '@ant-design/icons';
import type { Paged } from '../api';
import type { useListState } from '../hooks';
import { adminMsg } from '../messages';
import { DeleteButton } from './DeleteButton';
import { EditButton } from './EditButton';
import { LoadError } from './LoadError';
import { PageHeader } from './PageHeader';
import { RemoteSelect } from './RemoteSelect';
import { SearchBox } from './SearchBox';

/** What a list query hook gives back (RTK Query's result, narrowed to what the page uses). */
export interface ListQueryResult<T> {
  data?: Paged<T>;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Edit and delete of one row; leave `remove` out (or `canRemove` false) to hide the delete. */
export interface RowActions<T> {
  editPath: (row: T) => string;
  name: (row: T) => string;
  /** Shown after 'Excluir': 'o cliente X'. */
  removeWhat: (row: T) => string;
  remove?: (row: T) => Promise<unknown>;
  canRemove?: (row: T) => boolean;
  /** Hides the edit button of a row (it stays by default). */
  canEdit?: (row: T) => boolean;
  /** More buttons of a row, before edit. */
  extra?: (row: T) => ReactNode;
  /** The action column's title (default 'Ações'). */
  title?: ReactNode;
  width?: number;
}

export type ListState = ReturnType<typeof useListState>;

export function ListPage<T extends { id: number }>({
  title,
  headerExtra,
  searchLabel,
  list,
  query,
  pageSize,
  columns,
  actions,
  companyFilter,
  toolbarExtra,
  scroll = { x: 800 },
}: {
  title: string;
  headerExtra?: ReactNode;
  searchLabel: string;
  list: ListState;
  query: ListQueryResult<T>;
  pageSize: number;
  columns: TableColumnsType<T>;
  /** The edit/delete column; absent: no action column. */
  actions?: RowActions<T>;
  /** The administrators' company filter (with its clear button), when the page offers it. */
  companyFilter?: boolean;
  /** More filters after the search box. */
  toolbarExtra?: ReactNode;
  scroll?: { x?: number; y?: number };
}) {
  const { data, isFetching, isError, refetch } = query;
  const actionColumn: TableColumnsType<T> = actions
    ? [
        {
          title: actions.title ?? adminMsg.actions,
          key: 'actions',
          width: actions.width ?? 110,
          render: (_: unknown, row: T) => {
            const remove = actions.remove;
            return (
              <Space size={0}>
                {actions.extra?.(row)}
                {(actions.canEdit?.(row) ?? true) && <EditButton to={actions.editPath(row)} name={actions.name(row)} />}
                {remove && (actions.canRemove?.(row) ?? true) && (
                  <DeleteButton what={actions.removeWhat(row)} onDelete={() => remove(row)} />
                )}
              </Space>
            );
          },
        },
      ]
    : [];
  const search = <SearchBox value={list.searchText} onChange={list.setSearchText} label={searchLabel} />;
  const filters = companyFilter || toolbarExtra;

  return (
    <div className="a-page">
      <PageHeader title={title} extra={headerExtra} />
      {filters ? (
        <div className="a-toolbar">
          {search}
          {companyFilter && (
            <div className="a-filter">
              <RemoteSelect
                resource="company"
                value={list.companyId}
                onChange={list.setCompanyId}
                allowClear={false}
                placeholder={adminMsg.filterCompany}
                ariaLabel={adminMsg.filterCompany}
              />
              <Button
                icon={<CloseOutlined aria-hidden />}
                aria-label={adminMsg.clearCompany}
                title={adminMsg.clearCompany}
                onClick={() => list.setCompanyId(null)}
                disabled={!list.companyId}
              />
            </div>
          )}
          {toolbarExtra}
        </div>
      ) : (
        search
      )}
      {isError && <LoadError onRetry={() => void refetch()} />}
      <StaffTable<T>
        label={title}
        rowKey="id"
        size="middle"
        columns={[...columns, ...actionColumn]}
        dataSource={data?.items ?? []}
        loading={isFetching}
        scroll={scroll}
        locale={{ emptyText: adminMsg.noResults }}
        pagination={{
          current: list.page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: list.setPage,
        }}
      />
    </div>
  );
}
