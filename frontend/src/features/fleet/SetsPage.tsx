/**
 * /conjuntos (spec 2 "Sets and linking"): drivers with their trucks, paged by key: 15 rows, then
 * 16 more per 'Carregar mais'. Filters plate, driver name or CPF, shipping company, queue label,
 * unit (administrators); switches 'Na Fila' and 'Sem Veículo'. The queue label is a coloured
 * tag with the position; the queue date shows only while waiting (the server leaves it out
 * otherwise). Exports, the linking screen and the row actions are offered as the server's
 * `permissions` say.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { App, Button, Input, Select, Space, Switch, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import {
  DeleteOutlined,
  DisconnectOutlined,
  DownloadOutlined,
  EditOutlined,
  FileTextOutlined,
  LinkOutlined,
  LoginOutlined,
} from '@ant-design/icons';
import { useAppDispatch } from '../../app/store';
import { useDeleteDriverMutation, useIssueDriverLinkMutation } from './driversApi';
import { useDeleteTruckMutation } from './truckApi';
import { adminMsg } from '../../shared/records/messages';
import { useStaffGoTo } from '../auth/session';
import { readApiError } from '../../shared/apiError';
import { formatDate, formatDateTime } from '../../shared/formatters';
import { maskCpf } from '../../shared/masks';
import { TOAST_SECONDS } from '../../shared/messages';
import { LoadError } from '../../shared/records/components/LoadError';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { useDebounced } from '../../shared/records/hooks';
import '../../shared/records/admin.css';
import './sets.css';
import {
  exportUrl,
  loadMoreSets,
  useDriverGroupsInfiniteQuery,
  useUnbindMutation,
  type DriverGroup,
  type SetQueueStatus,
  type SetsFilters,
  type SetsPermissions,
  type SetTruck,
} from './setsApi';
import {
  QUEUE_STATUS,
  RELOAD_AFTER_UNBIND_MS,
  SEARCH_DEBOUNCE_MS,
  setsMsg,
  setsPaths,
  twoWords,
} from './setsText';

const STATUS_OPTIONS = (Object.keys(QUEUE_STATUS) as SetQueueStatus[]).map((value) => ({
  value,
  label: QUEUE_STATUS[value].label,
}));

function QueueCell({ row }: { row: DriverGroup }) {
  const q = row.queue;
  if (!q) return <span className="s-none">-</span>;
  const s = QUEUE_STATUS[q.status];
  return (
    <Space size={4} wrap>
      <Tag color={s.color}>{s.label}</Tag>
      {q.position > 0 && <span className="s-position">{setsMsg.position(q.position)}</span>}
    </Space>
  );
}

export default function SetsPage() {
  const { message, modal } = App.useApp();
  const goTo = useStaffGoTo();
  const [plate, setPlate] = useState('');
  const [driver, setDriver] = useState('');
  const [shippingCompanyId, setShipping] = useState<number | null>(null);
  const [companyId, setCompany] = useState<number | null>(null);
  const [status, setStatus] = useState<SetQueueStatus | null>(null);
  const [inQueue, setInQueue] = useState(false);
  const [withoutTruck, setWithoutTruck] = useState(false);
  const truckSearch = useDebounced(plate.trim(), SEARCH_DEBOUNCE_MS);
  const driverSearch = useDebounced(driver.trim(), SEARCH_DEBOUNCE_MS);
  const filters: SetsFilters = useMemo(
    () => ({ truckSearch, driverSearch, shippingCompanyId, companyId, status, inQueue, withoutTruck }),
    [truckSearch, driverSearch, shippingCompanyId, companyId, status, inQueue, withoutTruck],
  );
  const query = useDriverGroupsInfiniteQuery(filters, { refetchOnMountOrArgChange: true });
  const { data, isFetching, isFetchingNextPage, isError, hasNextPage, refetch } = query;
  const dispatch = useAppDispatch();
  const [unbind] = useUnbindMutation();
  const [deleteDriver] = useDeleteDriverMutation();
  const [deleteTruck] = useDeleteTruckMutation();
  const [driverLink] = useIssueDriverLinkMutation();
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null);

  const rows = useMemo(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);
  const permissions: SetsPermissions | undefined = data?.pages[0]?.permissions;
  const removalTitle = permissions?.removalTitle ?? setsMsg.remove;
  const unbinds = permissions?.removal === 'unbind';
  const deletes = permissions?.removal === 'delete';

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

  /** 'Desvincular' (Transportadora) or 'Excluir' (others): unbinds from the shipping company. */
  const confirmUnbind = (what: string, body: { driver?: { id: number }; truck?: { id: number } }) =>
    modal.confirm({
      title: setsMsg.removeQuestion(removalTitle, what),
      content: setsMsg.unbindWarning,
      okText: removalTitle,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const out = await unbind(body).unwrap();
          void message.success(out.message, TOAST_SECONDS);
          if (reload.current) clearTimeout(reload.current);
          reload.current = setTimeout(() => void refetch(), RELOAD_AFTER_UNBIND_MS);
        } catch (e) {
          const err = readApiError(e);
          void message.error(`${setsMsg.unbindErrorPrefix}${err.statusCode}`, TOAST_SECONDS);
        }
      },
    });

  /** 'Excluir' (administrators): deletes the driver or the truck; the server refuses one in use. */
  const confirmDelete = (what: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: setsMsg.removeQuestion(removalTitle, what),
      content: adminMsg.deleteWarning,
      okText: removalTitle,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          await remove();
          void message.success(adminMsg.deleted, TOAST_SECONDS);
          void refetch();
        } catch (e) {
          void message.error(readApiError(e).message, TOAST_SECONDS);
        }
      },
    });

  const logInAs = async (row: DriverGroup) => {
    try {
      const link = await driverLink(row.id).unwrap();
      window.open(link.path, '_blank', 'noopener');
    } catch {
      void message.error(setsMsg.driverLinkError, TOAST_SECONDS);
    }
  };

  const truckLine = (t: SetTruck, render: (t: SetTruck) => ReactNode) => (
    <div key={t.id} className="s-truck-line">
      {render(t)}
    </div>
  );
  const trucksOf = (row: DriverGroup, render: (t: SetTruck) => ReactNode) =>
    row.truck.length ? row.truck.map((t) => truckLine(t, render)) : <span className="s-none">{setsMsg.noTruck}</span>;

  const columns: TableColumnsType<DriverGroup> = [
    { title: setsMsg.queue, key: 'queue', width: 150, render: (_, row) => <QueueCell row={row} /> },
    {
      title: setsMsg.queueDate,
      key: 'queueDate',
      width: 140,
      render: (_, row) =>
        row.queue?.forecast ? formatDateTime(row.queue.forecast) : row.queue?.date ? formatDate(row.queue.date) : '-',
    },
    {
      title: setsMsg.driver,
      key: 'driver',
      render: (_, row) => (
        <div>
          <Link to={setsPaths.driverEdit(row.id)} className="s-driver">
            {row.id} - {twoWords(row.name)}
          </Link>{' '}
          <Tag color={row.isEnabled ? 'green' : 'default'}>{row.isEnabled ? setsMsg.active : setsMsg.inactive}</Tag>
          {row.contact[0]?.fone && <div className="s-muted">{row.contact[0].fone}</div>}
        </div>
      ),
    },
    {
      title: setsMsg.cpfBirth,
      key: 'cpf',
      width: 150,
      render: (_, row) => (
        <div>
          <div>{maskCpf(row.cpf)}</div>
          <div className="s-muted">{formatDate(row.birthDate)}</div>
        </div>
      ),
    },
    {
      title: setsMsg.actions,
      key: 'driverActions',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          <Tooltip title={setsMsg.edit('o motorista')}>
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              aria-label={setsMsg.edit(`o motorista ${row.name}`)}
              onClick={() => goTo(setsPaths.driverEdit(row.id))}
            />
          </Tooltip>
          <Tooltip title="Logs">
            <Button
              type="text"
              icon={<FileTextOutlined aria-hidden />}
              aria-label={setsMsg.logs(row.name)}
              onClick={() => goTo(setsPaths.driverLogs(row.id))}
            />
          </Tooltip>
          {permissions?.canLogInAsDriver && (
            <Tooltip title={setsMsg.logInAsDriver('')}>
              <Button
                type="text"
                icon={<LoginOutlined aria-hidden />}
                aria-label={setsMsg.logInAsDriver(row.name)}
                onClick={() => void logInAs(row)}
              />
            </Tooltip>
          )}
          {unbinds && row.shippingCompany && (
            <Tooltip title={removalTitle}>
              <Button
                type="text"
                danger
                icon={<DisconnectOutlined aria-hidden />}
                aria-label={setsMsg.removeDriver(removalTitle, row.name)}
                onClick={() => confirmUnbind(`o motorista ${row.name}`, { driver: { id: row.id } })}
              />
            </Tooltip>
          )}
          {deletes && (
            <Tooltip title={removalTitle}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={setsMsg.removeDriver(removalTitle, row.name)}
                onClick={() => confirmDelete(`o motorista ${row.name}`, () => deleteDriver(row.id).unwrap())}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: setsMsg.plate,
      key: 'plate',
      width: 110,
      render: (_, row) =>
        trucksOf(row, (t) => (
          <Link to={setsPaths.truckEdit(t.id)}>
            {t.licensePlate}
            {!t.isEnabled && <span className="s-muted"> ({setsMsg.inactive})</span>}
          </Link>
        )),
    },
    {
      title: setsMsg.model,
      key: 'model',
      render: (_, row) =>
        trucksOf(row, (t) =>
          t.vehicleModel ? `${t.vehicleModel.truckBrand?.name ?? ''} ${t.vehicleModel.name}`.trim() : '-',
        ),
    },
    {
      title: setsMsg.truckActions,
      key: 'truckActions',
      width: 110,
      render: (_, row) =>
        row.truck.length
          ? row.truck.map((t) =>
              truckLine(t, () => (
                <Space size={0}>
                  <Tooltip title={setsMsg.edit('o caminhão')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={setsMsg.edit(`o caminhão ${t.licensePlate}`)}
                      onClick={() => goTo(setsPaths.truckEdit(t.id))}
                    />
                  </Tooltip>
                  {unbinds && t.shippingCompany && (
                    <Tooltip title={removalTitle}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DisconnectOutlined aria-hidden />}
                        aria-label={setsMsg.removeTruck(removalTitle, t.licensePlate)}
                        onClick={() => confirmUnbind(`o caminhão ${t.licensePlate}`, { truck: { id: t.id } })}
                      />
                    </Tooltip>
                  )}
                  {deletes && (
                    <Tooltip title={removalTitle}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={setsMsg.removeTruck(removalTitle, t.licensePlate)}
                        onClick={() => confirmDelete(`o caminhão ${t.licensePlate}`, () => deleteTruck(t.id).unwrap())}
                      />
                    </Tooltip>
                  )}
                </Space>
              )),
            )
          : null,
    },
    ...(permissions?.showsShippingCompany === false
      ? []
      : [
          {
            title: setsMsg.shippingCompany,
            key: 'shippingCompany',
            render: (_: unknown, row: DriverGroup) => row.shippingCompany?.name ?? setsMsg.none,
          },
        ]),
    { title: setsMsg.unit, key: 'unit', render: (_, row) => row.company.name },
  ];

  return (
    <div className="a-page s-page">
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
      <div className="a-toolbar s-filters">
        <Input
          allowClear
          className="s-filter"
          placeholder={setsMsg.plateSearch}
          aria-label={setsMsg.plateSearch}
          value={plate}
          maxLength={8}
          onChange={(e) => setPlate(e.target.value)}
        />
        <Input
          allowClear
          className="s-filter"
          placeholder={setsMsg.driverSearch}
          aria-label={setsMsg.driverSearch}
          value={driver}
          onChange={(e) => setDriver(e.target.value)}
        />
        {permissions?.showsShippingCompany !== false && (
          <div className="s-filter">
            <RemoteSelect
              resource="shipping-company"
              value={shippingCompanyId}
              onChange={(v) => setShipping(v)}
              placeholder={setsMsg.shippingCompany}
              ariaLabel={setsMsg.shippingCompany}
            />
          </div>
        )}
        <Select<SetQueueStatus>
          className="s-filter s-status"
          allowClear
          placeholder={setsMsg.status}
          aria-label={setsMsg.status}
          value={status ?? undefined}
          options={STATUS_OPTIONS}
          onChange={(v) => setStatus(v ?? null)}
          onClear={() => setStatus(null)}
        />
        {permissions?.filtersByCompany && (
          <div className="s-filter">
            <RemoteSelect
              resource="company"
              value={companyId}
              onChange={(v) => setCompany(v)}
              placeholder={setsMsg.unit}
              ariaLabel={setsMsg.unit}
            />
          </div>
        )}
        <label className="s-switch">
          <Switch checked={inQueue} onChange={setInQueue} aria-label={setsMsg.inQueue} /> {setsMsg.inQueue}
        </label>
        <label className="s-switch">
          <Switch checked={withoutTruck} onChange={setWithoutTruck} aria-label={setsMsg.withoutTruck} />{' '}
          {setsMsg.withoutTruck}
        </label>
      </div>
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
      <div className="s-more">
        {hasNextPage ? (
          <Button onClick={() => void loadMore()} loading={isFetchingNextPage}>
            {setsMsg.loadMore}
          </Button>
        ) : (
          rows.length > 0 && <span className="s-muted">{setsMsg.end}</span>
        )}
      </div>
    </div>
  );
}
