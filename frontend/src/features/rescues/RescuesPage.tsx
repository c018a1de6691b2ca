/**
 * /recuperar, 'Gerenciar Resgates' (spec 3 "Rescue management"): 'Buscar Resgate', a grid of
 * 6 rows (plate, driver shortened with the weight, the carrier for administrators) and
 * 'Aprovar' for the pending ones, confirmed by 'Deseja recuperar o veículo ?' with the plate,
 * weight and order. Approving is the root administrator's; the server decides.
 */
import { useCallback, useState } from 'react';
import { App, Button, Descriptions, Input, Modal, type TableColumnsType } from 'antd';
import { StaffTable } from '../../shared/ui/StaffTable';
import { readApiError } from '../../shared/apiError';
import { useCompanyEvents } from '../../shared/realtime';
import { useDebounced, useSession } from '../../shared/records/hooks';
import { LoadError } from '../../shared/records/components/LoadError';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { useAppDispatch } from '../../app/store';
import '../../shared/records/admin.css';
import { invalidateRescues, useApproveRescueMutation, useRescuesQuery, type RescueRow } from './api';
import { shortName, tonnes } from './model';
import { rescueMsg } from './texts';

/** The spec's reload, kept as the fallback of the socket (and for administrators, who have no room). */
const FALLBACK_POLL_MS = 180_000;

export default function RescuesPage() {
  const session = useSession();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 400);
  const [target, setTarget] = useState<RescueRow | null>(null);
  const everyCompany = !!session?.screens.seesEveryCompany;
  const list = useRescuesQuery({ page, search: term || undefined }, { pollingInterval: FALLBACK_POLL_MS, refetchOnMountOrArgChange: true });
  const rows = list.data?.items ?? [];
  // The server says who may approve which row (`canApprove`), never the session.
  const anyApprovable = rows.some((r) => r.canApprove);
  const [approve, approving] = useApproveRescueMutation();
  const reread = useCallback(() => dispatch(invalidateRescues()), [dispatch]);
  // A Usuario hears its company; an administrator without one hears every company.
  useCompanyEvents(reread, { enabled: !!session });

  const confirm = async () => {
    if (!target) return;
    try {
      await approve(target.id).unwrap();
      void message.success(rescueMsg.approved);
      setTarget(null);
    } catch (e) {
      void message.error(readApiError(e).message || rescueMsg.approveError);
    }
  };

  const columns: TableColumnsType<RescueRow> = [
    { title: rescueMsg.plate, dataIndex: 'licensePlate', render: (p: string) => <strong>{p}</strong> },
    {
      title: rescueMsg.driver,
      render: (_: unknown, r) => `${shortName(r.driverName)} - ${tonnes(r.qtyTransported)}`,
    },
    { title: rescueMsg.order, dataIndex: 'orderCode' },
    ...(everyCompany
      ? [{ title: rescueMsg.carrier, render: (_: unknown, r: RescueRow) => r.shippingCompanyName ?? r.companyName }]
      : []),
    ...(anyApprovable
      ? [
          {
            title: rescueMsg.action,
            render: (_: unknown, r: RescueRow) =>
              !r.canApprove ? null : (
                <Button type="primary" size="small" aria-label={`${rescueMsg.approve} ${r.licensePlate}`} onClick={() => setTarget(r)}>
                  {rescueMsg.approve}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <div>
      <PageHeader title={rescueMsg.title} />
      <Input.Search
        allowClear
        aria-label={rescueMsg.search}
        placeholder={rescueMsg.search}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <StaffTable<RescueRow>
          label={rescueMsg.title}
          rowKey="id"
          size="small"
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: rescueMsg.empty }}
          pagination={{
            current: page,
            pageSize: list.data?.pageSize ?? 6,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      )}
      {target && (
        <Modal
          open
          title={rescueMsg.confirmTitle}
          onCancel={() => setTarget(null)}
          footer={[
            <Button key="cancel" onClick={() => setTarget(null)}>
              {rescueMsg.cancel}
            </Button>,
            <Button key="ok" type="primary" loading={approving.isLoading} onClick={() => void confirm()}>
              {rescueMsg.confirm}
            </Button>,
          ]}
        >
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'plate', label: rescueMsg.plate, children: target.licensePlate },
              { key: 'weight', label: rescueMsg.weight, children: tonnes(target.qtyTransported) },
              { key: 'order', label: rescueMsg.order, children: target.orderCode },
            ]}
          />
        </Modal>
      )}
    </div>
  );
}
