/** The sets table's columns: queue, driver with its actions, trucks with theirs, carrier, unit. */
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, DisconnectOutlined, EditOutlined, FileTextOutlined, LoginOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '../../shared/formatters';
import { maskCpf } from '../../shared/masks';
import type { DriverGroup, SetsPermissions, SetTruck } from './setsApi';
import { QUEUE_STATUS, setsMsg, setsPaths, twoWords } from './setsText';
import type { SetActions } from './useSetActions';

/** What a row's actions need: the server's permissions, the confirmed actions, navigation. */
export interface RowTools {
  permissions: SetsPermissions | undefined;
  actions: SetActions;
  goTo: (path: string) => void;
}

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

function DriverCell({ row }: { row: DriverGroup }) {
  return (
    <div>
      <Link to={setsPaths.driverEdit(row.id)} className="s-driver">
        {row.id} - {twoWords(row.name)}
      </Link>{' '}
      <Tag color={row.isEnabled ? 'green' : 'default'}>{row.isEnabled ? setsMsg.active : setsMsg.inactive}</Tag>
      {row.contact[0]?.fone && <div className="s-muted">{row.contact[0].fone}</div>}
    </div>
  );
}

/** Edit, logs, sign in as the driver, and the removal the server allows. */
function DriverActions({ row, tools }: { row: DriverGroup; tools: RowTools }) {
  const { permissions, actions, goTo } = tools;
  const { removalTitle } = actions;
  return (
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
            onClick={() => void actions.logInAs(row)}
          />
        </Tooltip>
      )}
      {permissions?.removal === 'unbind' && row.shippingCompany && (
        <Tooltip title={removalTitle}>
          <Button
            type="text"
            danger
            icon={<DisconnectOutlined aria-hidden />}
            aria-label={setsMsg.removeDriver(removalTitle, row.name)}
            onClick={() => actions.confirmUnbind(`o motorista ${row.name}`, { driver: { id: row.id } })}
          />
        </Tooltip>
      )}
      {permissions?.removal === 'delete' && (
        <Tooltip title={removalTitle}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={setsMsg.removeDriver(removalTitle, row.name)}
            onClick={() => actions.confirmDelete(`o motorista ${row.name}`, () => actions.deleteDriver(row.id))}
          />
        </Tooltip>
      )}
    </Space>
  );
}

/** Edit, and the removal the server allows, of one truck line. */
function TruckActions({ truck: t, tools }: { truck: SetTruck; tools: RowTools }) {
  const { permissions, actions, goTo } = tools;
  const { removalTitle } = actions;
  return (
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
      {permissions?.removal === 'unbind' && t.shippingCompany && (
        <Tooltip title={removalTitle}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DisconnectOutlined aria-hidden />}
            aria-label={setsMsg.removeTruck(removalTitle, t.licensePlate)}
            onClick={() => actions.confirmUnbind(`o caminhão ${t.licensePlate}`, { truck: { id: t.id } })}
          />
        </Tooltip>
      )}
      {permissions?.removal === 'delete' && (
        <Tooltip title={removalTitle}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={setsMsg.removeTruck(removalTitle, t.licensePlate)}
            onClick={() => actions.confirmDelete(`o caminhão ${t.licensePlate}`, () => actions.deleteTruck(t.id))}
          />
        </Tooltip>
      )}
    </Space>
  );
}

const truckLine = (t: SetTruck, render: (t: SetTruck) => ReactNode) => (
  <div key={t.id} className="s-truck-line">
    {render(t)}
  </div>
);

/** One line per truck of the row, or 'Sem veículo'. */
const trucksOf = (row: DriverGroup, render: (t: SetTruck) => ReactNode) =>
  row.truck.length ? row.truck.map((t) => truckLine(t, render)) : <span className="s-none">{setsMsg.noTruck}</span>;

export function setsColumns(tools: RowTools): TableColumnsType<DriverGroup> {
  return [
    { title: setsMsg.queue, key: 'queue', width: 150, render: (_, row) => <QueueCell row={row} /> },
    {
      title: setsMsg.queueDate,
      key: 'queueDate',
      width: 140,
      render: (_, row) =>
        row.queue?.forecast ? formatDateTime(row.queue.forecast) : row.queue?.date ? formatDate(row.queue.date) : '-',
    },
    { title: setsMsg.driver, key: 'driver', render: (_, row) => <DriverCell row={row} /> },
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
      render: (_, row) => <DriverActions row={row} tools={tools} />,
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
        row.truck.length ? row.truck.map((t) => truckLine(t, () => <TruckActions truck={t} tools={tools} />)) : null,
    },
    ...(tools.permissions?.showsShippingCompany === false
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
}
