/**
 * /conjuntos/vincular/transportadora (spec 2 "Sets and linking"): pick a shipping company, a
 * truck (by plate, with its model) and a driver (by name or CPF), add the pair to the pending
 * grid (2 per page, checkboxes), then 'Vincular Veiculos' binds the selected pairs in one call.
 * The right-hand grid lists the pairs already linked (5 per page, filter, Desvincular). The
 * binding buttons stay disabled without a shipping company or a selected pair. A
 * Transportadora works on itself (the server offers it nothing else).
 */
import { useMemo, useState } from 'react';
import { App, Button, Input, Select, Table, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, DisconnectOutlined, PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { readApiError } from '../../shared/apiError';
import { maskCpf } from '../../shared/masks';
import { TOAST_SECONDS } from '../../shared/messages';
import { LoadError } from '../../shared/records/components/LoadError';
import { PageHeader } from '../../shared/records/components/PageHeader';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { useDebounced, useSession } from '../../shared/records/hooks';
import '../../shared/records/admin.css';
import './sets.css';
import {
  useBindPairsMutation,
  useCandidateDriversQuery,
  useCandidateTrucksQuery,
  useLinkedPairsQuery,
  useUnbindMutation,
  type CandidateDriver,
  type CandidateTruck,
  type LinkedPair,
} from './setsApi';
import { LINKED_PAIRS_PAGE, PENDING_PAIRS_PAGE, setsMsg, setsPaths } from './setsText';

interface PendingPair {
  key: number;
  truck: CandidateTruck;
  driver: CandidateDriver;
}

const truckLabel = (t: CandidateTruck) =>
  [t.licensePlate, [t.brand, t.model].filter(Boolean).join(' ')].filter(Boolean).join(' - ');
const modelOf = (t?: CandidateTruck | null) => (t ? [t.brand, t.model].filter(Boolean).join(' ') || '-' : '-');
const driverLabel = (d: CandidateDriver) => `${d.name} - ${maskCpf(d.cpf)}`;

export default function LinkPage() {
  const goTo = useStaffGoTo();
  const session = useSession();
  const ownShipping = !!session?.screens.ownShippingCompany;
  const [shippingId, setShippingId] = useState<number | null>(ownShipping ? (session?.shippingCompanyId ?? null) : null);
  const pairs = usePendingPairs();

  const chooseShipping = (id: number | null) => {
    setShippingId(id);
    pairs.reset();
  };

  return (
    <div className="a-page s-page">
      <PageHeader
        title={setsMsg.linkTitle}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => goTo(setsPaths.sets)}>
            Voltar
          </Button>
        }
      />
      <PairPicker shippingId={shippingId} ownShipping={ownShipping} onShipping={chooseShipping} onAdd={pairs.add} />
      <div className="s-link-grid">
        <PendingPairs shippingId={shippingId} pairs={pairs} />
        <LinkedPairs shippingId={shippingId} />
      </div>
    </div>
  );
}

/** The pairs waiting to be bound, and which of them are selected. */
function usePendingPairs() {
  const { message } = App.useApp();
  const [pending, setPending] = useState<PendingPair[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [page, setPage] = useState(1);
  return {
    pending,
    selected,
    page,
    setSelected,
    setPage,
    /** Adds a pair (selected, its page shown); false when the truck is already in the grid. */
    add: (truck: CandidateTruck, driver: CandidateDriver) => {
      if (pending.some((p) => p.truck.id === truck.id)) {
        void message.warning(setsMsg.pairTwice, TOAST_SECONDS);
        return false;
      }
      const pair = { key: truck.id, truck, driver };
      setPending((list) => [...list, pair]);
      setSelected((keys) => [...keys, pair.key]);
      setPage(Math.ceil((pending.length + 1) / PENDING_PAIRS_PAGE));
      return true;
    },
    /** Drops the selected pairs from the grid. */
    dropSelected: () => {
      setPending((list) => list.filter((p) => !selected.includes(p.key)));
      setSelected([]);
      setPage(1);
    },
    reset: () => {
      setPending([]);
      setSelected([]);
      setPage(1);
    },
  };
}

type PendingPairsState = ReturnType<typeof usePendingPairs>;

/** The shipping company, a truck (by plate, with its model) and a driver (by name or CPF). */
function PairPicker({
  shippingId,
  ownShipping,
  onShipping,
  onAdd,
}: {
  shippingId: number | null;
  /** A Transportadora works on its own shipping company: it cannot clear it. */
  ownShipping: boolean;
  onShipping: (id: number | null) => void;
  onAdd: (truck: CandidateTruck, driver: CandidateDriver) => boolean;
}) {
  const [truckText, setTruckText] = useState('');
  const [driverText, setDriverText] = useState('');
  const truckSearch = useDebounced(truckText.trim(), 250);
  const driverSearch = useDebounced(driverText.trim(), 250);
  const [truck, setTruck] = useState<CandidateTruck | null>(null);
  const [driver, setDriver] = useState<CandidateDriver | null>(null);
  const skip = shippingId == null;
  const trucks = useCandidateTrucksQuery({ shippingCompanyId: shippingId ?? 0, search: truckSearch }, { skip });
  const drivers = useCandidateDriversQuery({ shippingCompanyId: shippingId ?? 0, search: driverSearch }, { skip });

  const truckOptions = useMemo(
    () => (trucks.data ?? []).map((t) => ({ value: t.id, label: truckLabel(t) })),
    [trucks.data],
  );
  const driverOptions = useMemo(
    () => (drivers.data ?? []).map((d) => ({ value: d.id, label: driverLabel(d) })),
    [drivers.data],
  );

  const chooseShipping = (id: number | null) => {
    onShipping(id);
    setTruck(null);
    setDriver(null);
  };

  const add = () => {
    if (!truck || !driver || !onAdd(truck, driver)) return;
    setTruck(null);
    setDriver(null);
    setTruckText('');
    setDriverText('');
  };

  return (
    <div className="a-card s-picker">
      <div>
        <label htmlFor="link-shipping">{setsMsg.shippingCompany}</label>
        <RemoteSelect
          id="link-shipping"
          resource="shipping-company"
          value={shippingId}
          onChange={(v) => chooseShipping(v)}
          placeholder={setsMsg.chooseShipping}
          allowClear={!ownShipping}
        />
      </div>
      <div>
        <label htmlFor="link-truck">{setsMsg.chooseTruck}</label>
        <Select<number>
          id="link-truck"
          showSearch={{ filterOption: false, onSearch: setTruckText }}
          allowClear
          disabled={skip}
          loading={trucks.isFetching}
          placeholder={setsMsg.chooseTruck}
          value={truck?.id}
          options={truckOptions}
          onChange={(id) => setTruck((trucks.data ?? []).find((t) => t.id === id) ?? null)}
          onClear={() => setTruck(null)}
          notFoundContent={null}
          style={{ width: '100%' }}
        />
      </div>
      <div>
        <label htmlFor="link-driver">{setsMsg.chooseDriver}</label>
        <Select<number>
          id="link-driver"
          showSearch={{ filterOption: false, onSearch: setDriverText }}
          allowClear
          disabled={skip}
          loading={drivers.isFetching}
          placeholder={setsMsg.chooseDriver}
          value={driver?.id}
          options={driverOptions}
          onChange={(id) => setDriver((drivers.data ?? []).find((d) => d.id === id) ?? null)}
          onClear={() => setDriver(null)}
          notFoundContent={null}
          style={{ width: '100%' }}
        />
      </div>
      <Button icon={<PlusOutlined aria-hidden />} disabled={skip || !truck || !driver} onClick={add}>
        {setsMsg.add}
      </Button>
    </div>
  );
}

const pendingColumns: TableColumnsType<PendingPair> = [
  { title: setsMsg.plate, key: 'plate', render: (_, p) => p.truck.licensePlate },
  { title: setsMsg.model, key: 'model', render: (_, p) => modelOf(p.truck) },
  { title: setsMsg.driver, key: 'driver', render: (_, p) => p.driver.name },
  { title: 'CPF', key: 'cpf', render: (_, p) => maskCpf(p.driver.cpf) },
];

/** The pending grid (2 per page, checkboxes) with 'Remover' and 'Vincular Veiculos'. */
function PendingPairs({ shippingId, pairs }: { shippingId: number | null; pairs: PendingPairsState }) {
  const { message } = App.useApp();
  const [bind, binding] = useBindPairsMutation();
  const { pending, selected } = pairs;

  const bindSelected = async () => {
    if (shippingId == null || selected.length === 0) return;
    const chosen = pending.filter((p) => selected.includes(p.key));
    try {
      const out = await bind({
        shippingCompany: { id: shippingId },
        groups: chosen.map((p) => ({ truck: { id: p.truck.id }, driver: { id: p.driver.id } })),
      }).unwrap();
      void message.success(out.message, TOAST_SECONDS);
      pairs.dropSelected();
    } catch (e) {
      void message.error(readApiError(e).message, TOAST_SECONDS);
    }
  };

  return (
    <section className="a-card" aria-labelledby="pending-title">
      <h2 id="pending-title" className="s-card-title">
        {setsMsg.pending}
      </h2>
      <Table<PendingPair>
        rowKey="key"
        size="small"
        columns={pendingColumns}
        dataSource={pending}
        locale={{ emptyText: setsMsg.noPending }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => pairs.setSelected(keys as number[]),
          getCheckboxProps: (p) => ({ 'aria-label': `Selecionar ${p.truck.licensePlate}` }),
        }}
        pagination={{
          current: pairs.page,
          pageSize: PENDING_PAIRS_PAGE,
          onChange: pairs.setPage,
          showSizeChanger: false,
          hideOnSinglePage: false,
        }}
      />
      <div className="s-grid-actions">
        <Button danger disabled={selected.length === 0} onClick={pairs.dropSelected}>
          {setsMsg.remove}
        </Button>
        <Button
          type="primary"
          disabled={shippingId == null || selected.length === 0}
          loading={binding.isLoading}
          onClick={() => void bindSelected()}
        >
          {setsMsg.bind}
        </Button>
      </div>
    </section>
  );
}

/** The pairs already linked (5 per page, filter, Desvincular); page 1 for each shipping company. */
function LinkedPairs({ shippingId }: { shippingId: number | null }) {
  const { message, modal } = App.useApp();
  const [paging, setPaging] = useState({ shippingId, page: 1 });
  const linkedPage = paging.shippingId === shippingId ? paging.page : 1;
  const setLinkedPage = (page: number) => setPaging({ shippingId, page });
  const [filterText, setFilterText] = useState('');
  const filter = useDebounced(filterText.trim(), 300);
  const skip = shippingId == null;
  const linked = useLinkedPairsQuery(
    { shippingCompanyId: shippingId ?? 0, page: linkedPage, pageSize: LINKED_PAIRS_PAGE, search: filter },
    { skip },
  );
  const [unbind] = useUnbindMutation();

  const confirmUnbind = (pair: LinkedPair) => {
    const what = [pair.truck?.licensePlate, pair.driver?.name].filter(Boolean).join(' / ');
    modal.confirm({
      title: setsMsg.unlink,
      content: `${setsMsg.unlink} ${what}? ${setsMsg.unbindWarning}`,
      okText: setsMsg.unlink,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const out = await unbind({
            truck: pair.truck ? { id: pair.truck.id } : null,
            driver: pair.driver ? { id: pair.driver.id } : null,
          }).unwrap();
          void message.success(out.message, TOAST_SECONDS);
        } catch (e) {
          void message.error(`${setsMsg.unbindErrorPrefix}${readApiError(e).statusCode}`, TOAST_SECONDS);
        }
      },
    });
  };

  const linkedColumns: TableColumnsType<LinkedPair> = [
    { title: setsMsg.plate, key: 'plate', render: (_, p) => p.truck?.licensePlate ?? '-' },
    { title: setsMsg.model, key: 'model', render: (_, p) => modelOf(p.truck) },
    { title: setsMsg.driver, key: 'driver', render: (_, p) => p.driver?.name ?? '-' },
    { title: 'CPF', key: 'cpf', render: (_, p) => (p.driver ? maskCpf(p.driver.cpf) : '-') },
    {
      title: setsMsg.actions,
      key: 'actions',
      width: 140,
      render: (_, p) => (
        <Button
          danger
          size="small"
          icon={<DisconnectOutlined aria-hidden />}
          aria-label={`${setsMsg.unlink} ${[p.truck?.licensePlate, p.driver?.name].filter(Boolean).join(' / ')}`}
          onClick={() => confirmUnbind(p)}
        >
          {setsMsg.unlink}
        </Button>
      ),
    },
  ];

  return (
    <section className="a-card" aria-labelledby="linked-title">
      <h2 id="linked-title" className="s-card-title">
        {setsMsg.linked}
      </h2>
      <Input
        allowClear
        className="a-search"
        placeholder={setsMsg.filter}
        aria-label={setsMsg.filter}
        value={filterText}
        disabled={skip}
        onChange={(e) => {
          setFilterText(e.target.value);
          setLinkedPage(1);
        }}
      />
      {linked.isError && <LoadError onRetry={() => void linked.refetch()} />}
      <Table<LinkedPair>
        rowKey={(p) => `${p.truck?.id ?? 0}-${p.driver?.id ?? 0}`}
        size="small"
        columns={linkedColumns}
        dataSource={skip ? [] : (linked.data?.items ?? [])}
        loading={linked.isFetching}
        locale={{ emptyText: setsMsg.noLinked }}
        pagination={{
          current: linkedPage,
          pageSize: LINKED_PAIRS_PAGE,
          total: skip ? 0 : (linked.data?.total ?? 0),
          onChange: setLinkedPage,
          showSizeChanger: false,
        }}
      />
    </section>
  );
}
