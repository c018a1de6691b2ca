/**
 * /motoristas (spec 2 "Drivers"): search by id, name or CPF; an Administrador filters by
 * company, every role but Transportadora by shipping company; 8 per page. Row actions: edit,
 * delete with confirmation or unbind ('Motorista desvinculado com sucesso', the list read again
 * a second later), log in as the driver (a new window at the server's signed link), logs. Which
 * of delete, unbind and log-in-as a row offers is the server's answer (`actions`).
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Space, Tooltip } from 'antd';
import { CloseOutlined, DisconnectOutlined, FileSearchOutlined, LoginOutlined, PlusOutlined } from '@ant-design/icons';
import { readApiError } from '../../shared/apiError';
import { TOAST_SECONDS } from '../../shared/messages';
import { useStaffGoTo } from '../auth/session';
import { DeleteButton } from '../../shared/records/components/DeleteButton';
import { EditButton } from '../../shared/records/components/EditButton';
import { ListPage } from '../../shared/records/components/ListPage';
import { RemoteSelect } from '../../shared/records/components/RemoteSelect';
import { StatusTag } from '../../shared/records/components/StatusTag';
import { useListState, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import '../../shared/records/admin.css';
import { DRIVER_PAGE_SIZE, driverMsg, driverPaths, UNBIND_RELOAD_MS } from './drivers';
import {
  useDeleteDriverMutation,
  useIssueDriverLinkMutation,
  useDriversQuery,
  useUnbindDriverMutation,
  type DriverItem,
} from './driversApi';

export default function DriversPage() {
  const { message, modal } = App.useApp();
  const goTo = useStaffGoTo();
  const session = useSession();
  const list = useListState();
  const [shippingId, setShippingId] = useState<number | null>(null);
  const everyCompany = !!session?.screens.seesEveryCompany;
  const ownShipping = !!session?.screens.ownShippingCompany;
  const query = useDriversQuery({
    page: list.page,
    pageSize: DRIVER_PAGE_SIZE,
    search: list.search,
    companyId: list.companyId,
    shippingCompanyId: shippingId,
  });
  const [remove] = useDeleteDriverMutation();
  const [unbind] = useUnbindDriverMutation();
  const [link] = useIssueDriverLinkMutation();
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reload.current) clearTimeout(reload.current);
    },
    [],
  );

  function pickShipping(id: number | null) {
    setShippingId(id);
    list.setPage(1);
  }

  function confirmUnbind(d: DriverItem) {
    modal.confirm({
      title: driverMsg.unbindTitle(d.name),
      content: driverMsg.unbindContent,
      okText: driverMsg.unbindOk,
      okButtonProps: { danger: true },
      cancelText: adminMsg.cancel,
      onOk: async () => {
        try {
          await unbind(d.id).unwrap();
          void message.success(driverMsg.unbound, TOAST_SECONDS);
          if (reload.current) clearTimeout(reload.current);
          reload.current = setTimeout(() => void query.refetch(), UNBIND_RELOAD_MS);
        } catch (e) {
          void message.error(driverMsg.unbindErrorPrefix + readApiError(e).statusCode, TOAST_SECONDS);
        }
      },
    });
  }

  async function loginAs(d: DriverItem) {
    // The window opens on the click itself (a window opened after an answer is blocked), then
    // goes to the signed link the server issues.
    const win = window.open('', '_blank');
    if (!win) {
      void message.error(driverMsg.popupBlocked, TOAST_SECONDS);
      return;
    }
    win.opener = null;
    try {
      const { path } = await link(d.id).unwrap();
      win.location.href = path;
    } catch {
      win.close();
      void message.error(driverMsg.linkError, TOAST_SECONDS);
    }
  }

  const columns = [
    { title: 'Id', dataIndex: 'id', key: 'id', width: 80 },
    { title: driverMsg.name, dataIndex: 'name', key: 'name' },
    { title: driverMsg.cpf, dataIndex: 'cpf', key: 'cpf', width: 150 },
    ...(everyCompany
      ? [{ title: driverMsg.company, key: 'company', render: (_: unknown, d: DriverItem) => d.company.name }]
      : []),
    ...(!ownShipping
      ? [
          {
            title: driverMsg.shippingCompany,
            key: 'shipping',
            render: (_: unknown, d: DriverItem) => d.shippingCompany?.name ?? driverMsg.noShipping,
          },
        ]
      : []),
    {
      title: driverMsg.status,
      dataIndex: 'isEnabled',
      key: 'status',
      width: 100,
      render: (on: boolean) => <StatusTag active={on} />,
    },
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 200,
      render: (_: unknown, d: DriverItem) => (
        <Space size={0}>
          <EditButton to={driverPaths.edit(d.id)} name={d.name} />
          {d.actions.remove && (
            <DeleteButton what={`o motorista ${d.name}`} onDelete={() => remove(d.id).unwrap()} />
          )}
          {d.actions.unbind && (
            <Tooltip title={driverMsg.unbindOk}>
              <Button
                type="text"
                danger
                icon={<DisconnectOutlined aria-hidden />}
                aria-label={driverMsg.unbind(d.name)}
                onClick={() => confirmUnbind(d)}
              />
            </Tooltip>
          )}
          {d.actions.loginAs && (
            <Tooltip title={driverMsg.loginAs(d.name)}>
              <Button
                type="text"
                icon={<LoginOutlined aria-hidden />}
                aria-label={driverMsg.loginAs(d.name)}
                onClick={() => void loginAs(d)}
              />
            </Tooltip>
          )}
          <Tooltip title={driverMsg.logsOf(d.name)}>
            <Button
              type="text"
              icon={<FileSearchOutlined aria-hidden />}
              aria-label={driverMsg.logsOf(d.name)}
              onClick={() => goTo(driverPaths.logs(d.id))}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <ListPage<DriverItem>
      title={driverMsg.listTitle}
      headerExtra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => goTo(driverPaths.create)}>
          {driverMsg.create}
        </Button>
      }
      searchLabel={driverMsg.searchLabel}
      list={list}
      query={query}
      pageSize={DRIVER_PAGE_SIZE}
      companyFilter={everyCompany}
      toolbarExtra={
        !ownShipping && (
          <div className="a-filter">
            <RemoteSelect
              resource="shipping-company"
              companyId={list.companyId ?? undefined}
              value={shippingId}
              onChange={(id) => pickShipping(id)}
              allowClear={false}
              placeholder={driverMsg.filterShipping}
              ariaLabel={driverMsg.filterShipping}
            />
            <Button
              icon={<CloseOutlined aria-hidden />}
              aria-label={driverMsg.clearShipping}
              title={driverMsg.clearShipping}
              onClick={() => pickShipping(null)}
              disabled={!shippingId}
            />
          </div>
        )
      }
      columns={columns}
      scroll={{ x: 900 }}
    />
  );
}
