/**
 * /conjuntos (spec 2 "Sets and linking"): drivers with their trucks, paged by key: 15 rows, then
 * 16 more per 'Carregar mais'. Filters plate, driver name or CPF, shipping company, queue label,
 * unit (administrators); switches 'Na Fila' and 'Sem Veículo'. The queue label is a coloured
 * tag with the position; the queue date shows only while waiting (the server leaves it out
 * otherwise). Exports, the linking screen and the row actions are offered as the server's
 * `permissions` say.
 */
import { useMemo } from 'react';
import { App, Button, Table } from 'antd';
import { DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { useAppDispatch } from '../../app/store';
import { useStaffGoTo } from '../auth/session';
import { TOAST_SECONDS } from '../../shared/messages';
import { LoadError } from '../../shared/records/components/LoadError';
import { PageHeader } from '../../shared/records/components/PageHeader';
import '../../shared/records/admin.css';
import './sets.css';
import {
  exportUrl,
  loadMoreSets,
  useDriverGroupsInfiniteQuery,
  type DriverGroup,
  type SetsFilters,
  type SetsPermissions,
} from './setsApi';
import { setsMsg, setsPaths } from './setsText';
import { SetsFilterBar, useSetsFilters } from './SetsFilterBar';
import { setsColumns } from './setsColumns';
import { useSetActions } from './useSetActions';

/** The title, the linking screen's button and the exports, as the server's permissions say. */
function SetsHeader({ permissions, filters }: { permissions: SetsPermissions | undefined; filters: SetsFilters }) {
  const goTo = useStaffGoTo();
  return (
    <PageHeader
      title={setsMsg.title}
      extra={
        <>
          {permissions?.canLink && (
            <Button type="primary" icon={<LinkOutlined aria-hidden />} onClick={() => goTo(setsPaths.link)}>
              {setsMsg.linkButton}
            </Button>
          )}
          {permissions?.canExport && (
            <>
              <Button icon={<DownloadOutlined aria-hidden />} href={exportUrl('csv', filters)} download>
                {setsMsg.exportCsv}
              </Button>
              <Button icon={<DownloadOutlined aria-hidden />} href={exportUrl('xlsx', filters)} download>
                {setsMsg.exportXlsx}
              </Button>
            </>
          )}
        </>
      }
    />
  );
}

/** 'Carregar mais' while the server has more, else the end of the list. */
function LoadMore({ filters, hasMore, busy, any }: { filters: SetsFilters; hasMore: boolean; busy: boolean; any: boolean }) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const loadMore = async () => {
    const request = dispatch(loadMoreSets(filters));
    try {
      await request.unwrap();
      void message.success(setsMsg.searchDone, TOAST_SECONDS);
    } catch {
      void message.error(setsMsg.searchError, TOAST_SECONDS);
    } finally {
      request.unsubscribe();
    }
  };
  return (
    <div className="s-more">
      {hasMore ? (
        <Button onClick={() => void loadMore()} loading={busy}>
          {setsMsg.loadMore}
        </Button>
      ) : (
        any && <span className="s-muted">{setsMsg.end}</span>
      )}
    </div>
  );
}

export default function SetsPage() {
  const goTo = useStaffGoTo();
  const filterState = useSetsFilters();
  const { filters } = filterState;
  const query = useDriverGroupsInfiniteQuery(filters, { refetchOnMountOrArgChange: true });
  const { data, isFetching, isFetchingNextPage, isError, hasNextPage, refetch } = query;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
  const permissions: SetsPermissions | undefined = data?.pages[0]?.permissions;
  const actions = useSetActions(permissions?.removalTitle ?? setsMsg.remove, refetch);
  const columns = setsColumns({ permissions, actions, goTo });

  return (
    <div className="a-page s-page">
      <SetsHeader permissions={permissions} filters={filters} />
      <SetsFilterBar state={filterState} permissions={permissions} />
      {isError && !data && <LoadError onRetry={() => void refetch()} />}
      <Table<DriverGroup>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={isFetching && !isFetchingNextPage}
        locale={{ emptyText: setsMsg.noSets }}
        pagination={false}
        // An empty table has nothing to focus in a scrolling region (axe: scrollable-region-focusable).
        scroll={rows.length ? { x: 1200 } : undefined}
      />
      <LoadMore filters={filters} hasMore={!!hasNextPage} busy={isFetchingNextPage} any={rows.length > 0} />
    </div>
  );
}
