/**
 * /caminhoes: the truck list (spec 2 "Trucks"): search by id, plate, renavam or model (`?plate=`
 * pre-fills it), 8 per page. Administrators filter by company and delete (with confirmation);
 * everyone but a Transportadora filters by shipping company; non-administrators unbind a truck
 * from its shipping company instead of deleting it ('Caminhão desvinculado com sucesso', the list
 * reloads a second later).
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Space, Tooltip } from 'antd';
import { CloseOutlined, DisconnectOutlined, PlusOutlined } from '@ant-design/icons';
import { useStaffGoTo } from '../auth/session';
import { readApiError } from '../../shared/apiError';
import { TOAST_SECONDS } from '../../shared/messages';
import { DeleteButton } from '../../shared/records/components/DeleteButton';
import { EditButton } from '../../shared/records/components/EditButton';
import { ListPage } from '../../shared/records/components/ListPage';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { StatusTag } from '../../shared/records/components/StatusTag';
import { useListState, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import '../../shared/records/admin.css';
import { tonnes, TRUCK_PAGE_SIZE, truckMsg, truckPaths, UNBIND_RELOAD_MS } from './trucks';
import { useDeleteTruckMutation, useTrucksQuery, useUnbindTruckShippingMutation, type Truck, type TruckScope } from './truckApi';

export default function TrucksPage() {
  const session = useSession();
  const goTo = useStaffGoTo();
  const list = useListState();
  const [params] = useSearchParams();
  const plate = params.get('plate');
  const { setSearchText } = list;
  useEffect(() => {
    if (plate) setSearchText(plate);
  }, [plate, setSearchText]);
  const [shippingId, setShippingId] = useState<number | null>(null);
  // Another company in the administrator's filter clears the shipping-company filter.
  const [filterOf, setFilterOf] = useState(list.companyId);
  if (filterOf !== list.companyId) {
    setFilterOf(list.companyId);
    setShippingId(null);
  }

  const everyCompany = !!session?.screens.seesEveryCompany;
  const ownShipping = !!session?.screens.ownShippingCompany;
  const scope: TruckScope | null = everyCompany
    ? { kind: 'all', companyId: list.companyId ?? undefined }
    : ownShipping && session?.shippingCompanyId
      ? { kind: 'shipping', shippingCompanyId: session.shippingCompanyId }
      : session?.company
        ? { kind: 'company', companyId: session.company.id }
        : null;
  const query = useTrucksQuery(
    scope
      ? { scope, page: list.page, pageSize: TRUCK_PAGE_SIZE, search: list.search, shippingCompanyId: shippingId ?? undefined }
      : { scope: { kind: 'all' }, page: 1, pageSize: TRUCK_PAGE_SIZE },
    { skip: !scope },
  );
  const [remove] = useDeleteTruckMutation();
  // The shipping-company filter lists the chosen company's (an administrator's) or the user's.
  const filterCompany = everyCompany ? (list.companyId ?? undefined) : session?.company?.id;

  const columns = [
    { title: 'Id', dataIndex: 'id', key: 'id', width: 80 },
    { title: truckMsg.plate, dataIndex: 'licensePlate', key: 'licensePlate', width: 110 },
    {
      title: truckMsg.model,
      key: 'model',
      render: (_: unknown, t: Truck) => (t.vehicleModel ? `${t.vehicleModel.truckBrand.name} ${t.vehicleModel.name}` : ''),
    },
    { title: truckMsg.implementType, dataIndex: 'implementType', key: 'implementType' },
    { title: truckMsg.net, key: 'net', width: 130, render: (_: unknown, t: Truck) => tonnes(t.netCapacity) },
    { title: truckMsg.driver, key: 'driver', render: (_: unknown, t: Truck) => t.driver?.name ?? '' },
    ...(ownShipping
      ? []
      : [
          {
            title: adminMsg.shippingCompany,
            key: 'shipping',
            render: (_: unknown, t: Truck) => t.shippingCompany?.name ?? truckMsg.none,
          },
        ]),
    ...(everyCompany ? [{ title: adminMsg.company, key: 'company', render: (_: unknown, t: Truck) => t.company.name }] : []),
    {
      title: adminMsg.status,
      key: 'status',
      width: 90,
      render: (_: unknown, t: Truck) => <StatusTag active={t.isEnabled} />,
    },
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 110,
      render: (_: unknown, t: Truck) => (
        <Space size={0}>
          <EditButton to={truckPaths.edit(t.id)} name={t.licensePlate} />
          {everyCompany ? (
            <DeleteButton what={truckMsg.removeWhat(t.licensePlate)} onDelete={() => remove(t.id).unwrap()} />
          ) : (
            t.shippingCompany && <UnbindButton truck={t} onDone={() => void query.refetch()} />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage<Truck>
      title={truckMsg.title}
      headerExtra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(truckPaths.create)}>
          {truckMsg.create}
        </Button>
      }
      searchLabel={truckMsg.search}
      list={list}
      query={query}
      pageSize={TRUCK_PAGE_SIZE}
      columns={columns}
      companyFilter={everyCompany}
      scroll={{ x: 1000 }}
      toolbarExtra={
        ownShipping ? undefined : (
          <div className="a-filter">
            <RemoteSelect
              resource="shipping-company"
              companyId={filterCompany}
              value={shippingId}
              onChange={(id) => {
                setShippingId(id);
                list.setPage(1);
              }}
              allowClear={false}
              placeholder={truckMsg.filterShipping}
              ariaLabel={truckMsg.filterShipping}
            />
            <Button
              icon={<CloseOutlined aria-hidden />}
              aria-label={truckMsg.clearShipping}
              title={truckMsg.clearShipping}
              onClick={() => setShippingId(null)}
              disabled={!shippingId}
            />
          </div>
        )
      }
    />
  );
}

/** 'Desvincular': the truck leaves its shipping company, after a confirmation. */
function UnbindButton({ truck, onDone }: { truck: Truck; onDone: () => void }) {
  const { modal, message } = App.useApp();
  const [unbind] = useUnbindTruckShippingMutation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const title = truckMsg.unbindTitle(truck.licensePlate);
  return (
    <Tooltip title={truckMsg.unbind}>
      <Button
        type="text"
        icon={<DisconnectOutlined aria-hidden />}
        aria-label={title}
        onClick={() =>
          modal.confirm({
            title,
            content: truckMsg.unbindWarning(truck.shippingCompany?.name ?? ''),
            okText: truckMsg.unbind,
            cancelText: adminMsg.cancel,
            onOk: async () => {
              try {
                await unbind(truck.id).unwrap();
                void message.success(truckMsg.unbound, TOAST_SECONDS);
                timer.current = setTimeout(onDone, UNBIND_RELOAD_MS);
              } catch (e) {
                void message.error(truckMsg.unbindErrorPrefix + readApiError(e).statusCode, TOAST_SECONDS);
              }
            },
          })
        }
      />
    </Tooltip>
  );
}
