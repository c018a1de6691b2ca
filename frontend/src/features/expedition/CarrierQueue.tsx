/**
 * The Transportadora's read-only 'Fila Virtual' (/expedicao/transportadora, spec 3 sections 2
 * and 6, issue 13): its own vehicles in the queue, by day (every planned day), with a plate
 * search; no actions. Re-reads on the company's `/api/ws` events; 3-minute polling as the
 * fallback.
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { useCompanyEvents } from '../../shared/realtime';
import { useSession } from '../../shared/records/hooks';
import { useAppDispatch } from '../../app/store';
import { invalidateYard, useShippingQueueQuery, type QueueRow } from './api';
import { byPlate } from './model';
import { yardMsg } from './texts';
import { Spinner } from '../../shared/ui/Spinner';
import { StaffTable } from '../../shared/ui/StaffTable';

export const carrierMsg = {
  title: 'Fila Virtual',
  empty: 'Neste momento, você não possui caminhões na fila virtual.',
  company: 'Empresa',
  allCompanies: 'Todas as empresas',
};

export default function CarrierQueue() {
  const session = useSession();
  const shippingCompanyId = session?.shippingCompanyId ?? null;
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  // The company filter (spec 3 section 2): the companies whose queues hold this carrier's
  // vehicles. A shipping company belongs to one company today, so it lists at most one.
  const [company, setCompany] = useState<number | null>(null);
  const { data, isError, isLoading } = useShippingQueueQuery(shippingCompanyId ?? 0, {
    skip: shippingCompanyId === null,
    pollingInterval: 180_000,
  });
  const reread = useCallback(() => dispatch(invalidateYard()), [dispatch]);
  useCompanyEvents(reread, { enabled: shippingCompanyId !== null });
  const days = useMemo(
    () =>
      (data ?? [])
        .map((d) => ({
          ...d,
          queue: byPlate(d.queue, search).filter((r) => company === null || r.company.id === company),
        }))
        .filter((d) => d.queue.length > 0),
    [data, search, company],
  );
  const companies = useMemo(() => {
    const ids = new Set<number>();
    for (const d of data ?? []) for (const r of d.queue) ids.add(r.company.id);
    if (session?.company?.id != null) ids.add(session.company.id);
    return [...ids].map((id) => ({ value: id, label: id === session?.company?.id ? session.company.name : `#${id}` }));
  }, [data, session]);
  if (!session) return null;
  const columns = [
    { title: yardMsg.columns.position, dataIndex: 'position', width: 90 },
    {
      title: yardMsg.columns.plate,
      dataIndex: 'licensePlate',
      render: (plate: string, r: QueueRow) => (
        <>
          <strong>{plate}</strong> {r.isFreelancer && <Tag>{yardMsg.freelancer}</Tag>}
          {r.isActive && <Tag color="blue">{yardMsg.tabs.attendance}</Tag>}
        </>
      ),
    },
    { title: yardMsg.columns.driver, dataIndex: 'driverName' },
    { title: yardMsg.columns.model, dataIndex: 'vehicleModelName' },
    { title: yardMsg.columns.order, render: (_: unknown, r: QueueRow) => r.scheduling?.order?.code ?? '-' },
    { title: yardMsg.columns.time, dataIndex: 'time' },
  ];
  return (
    <div className="patio-panel">
      <Typography.Title level={3}>{carrierMsg.title}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={carrierMsg.company}
          style={{ minWidth: 220 }}
          value={company ?? 'all'}
          onChange={(v: number | 'all') => setCompany(v === 'all' ? null : v)}
          options={[{ value: 'all' as const, label: carrierMsg.allCompanies }, ...companies]}
        />
        <Input.Search
          allowClear
          placeholder={yardMsg.plateSearch}
          aria-label={yardMsg.plateSearch}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 280 }}
        />
      </Space>
      {isError && <Alert type="error" title={yardMsg.noQueue} />}
      {/* Not 'you have no trucks in the queue' before the queue is read. */}
      {isLoading && <Spinner />}
      {!isError && !isLoading && days.length === 0 && <Typography.Paragraph>{carrierMsg.empty}</Typography.Paragraph>}
      {days.map((d) => (
        <Card key={d.label} size="small" title={d.label} style={{ marginBottom: 12 }}>
          <StaffTable label={d.label} rowKey="id" size="small" columns={columns} dataSource={d.queue} pagination={{ pageSize: 100 }} />
        </Card>
      ))}
    </div>
  );
}
