/**
 * The dispatch panel's tables: the queue (Fila), the vehicles in loading (Atendimento) and the
 * checked-in vehicles (Pátio), each with the row actions the role's abilities allow.
 */
import { Button, Space, Tag } from 'antd';
import { formatTime } from '../../../shared/formatters';
import { predictedCallWhen } from '../../../shared/predictedCall';
import type { QueueRow } from '../api';
import { elapsedMinutes, type PanelAbilities } from '../model';
import { yardMsg } from '../texts';
import { DriverContact } from './modals';

/** A checked-in vehicle of the Pátio tab. */
export type CheckinRow = {
  id: number;
  queueId: number;
  driverName: string;
  licensePlate: string;
  isCalling: boolean;
  calledAt?: string | null;
};

/** What the rows' buttons do. */
export interface RowActions {
  details: (r: QueueRow) => void;
  start: (r: QueueRow) => void;
  swap: (r: QueueRow) => void;
  cancel: (r: QueueRow) => void;
  complete: (r: QueueRow) => void;
  backToQueue: (r: QueueRow) => void;
  call: (c: CheckinRow) => void;
}

/** The queue's columns; *Cancelar* only while tolerance is off (spec 3 section 5). */
export function queueColumns(
  can: PanelAbilities,
  act: RowActions,
  toleranceOn: boolean,
  now: number,
  zone: string | null | undefined,
  /** `HH:mm` of the yard's call by queue entry (`callTimes`). */
  calls: ReadonlyMap<number, string> = new Map(),
) {
  return [
    { title: yardMsg.columns.position, dataIndex: 'position', width: 90 },
    {
      title: yardMsg.columns.plate,
      dataIndex: 'licensePlate',
      render: (plate: string, r: QueueRow) => (
        <Space wrap>
          {can.details ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, fontWeight: 700 }}
              aria-label={yardMsg.detailsOf(plate)}
              onClick={() => act.details(r)}
            >
              {plate}
            </Button>
          ) : (
            <strong>{plate}</strong>
          )}
          {r.isFreelancer && <Tag>{yardMsg.freelancer}</Tag>}
          {r.isInTolerance && (
            <Tag color="orange" data-testid={`tolerance-${plate}`}>
              {yardMsg.toleranceLeft(r.toleranceTime)}
            </Tag>
          )}
          {calls.has(r.id) ? (
            <Tag color="blue">{yardMsg.calledAt(calls.get(r.id) ?? '')}</Tag>
          ) : (
            r.checkInActive && <Tag color="green">{yardMsg.checkedIn}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: yardMsg.columns.driver,
      dataIndex: 'driverName',
      render: (name: string, r: QueueRow) => <DriverContact name={name} phone={can.seesPhone ? r.driverPhone : null} />,
    },
    { title: yardMsg.columns.model, dataIndex: 'vehicleModelName' },
    { title: yardMsg.columns.order, render: (_: unknown, r: QueueRow) => r.scheduling?.order?.code ?? '-' },
    { title: yardMsg.columns.time, dataIndex: 'time' },
    {
      title: yardMsg.columns.predictedCall,
      render: (_: unknown, r: QueueRow) => predictedCallWhen(r, now, zone) ?? '-',
    },
    ...(can.operate
      ? [
          {
            title: yardMsg.columns.actions,
            render: (_: unknown, r: QueueRow) => (
              <Space>
                <Button
                  type="primary"
                  size="small"
                  aria-label={`${yardMsg.start} ${r.licensePlate}`}
                  onClick={() => act.start(r)}
                >
                  {yardMsg.start}
                </Button>
                <Button size="small" aria-label={`${yardMsg.swap} ${r.licensePlate}`} onClick={() => act.swap(r)}>
                  {yardMsg.swap}
                </Button>
                {!toleranceOn && (
                  <Button
                    size="small"
                    danger
                    aria-label={`${yardMsg.cancelPosition} ${r.licensePlate}`}
                    onClick={() => act.cancel(r)}
                  >
                    {yardMsg.cancelPosition}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
}

/** The vehicles in loading: *Concluir* (with the weight) and *Voltar para fila*. */
export function loadingColumns(can: PanelAbilities, act: RowActions) {
  return [
    { title: yardMsg.columns.plate, dataIndex: 'licensePlate', render: (p: string) => <strong>{p}</strong> },
    { title: yardMsg.columns.driver, dataIndex: 'driverName' },
    { title: yardMsg.columns.order, render: (_: unknown, r: QueueRow) => r.scheduling?.order?.code ?? '-' },
    {
      title: yardMsg.columns.since,
      render: (_: unknown, r: QueueRow) => yardMsg.elapsed(elapsedMinutes(r.expedition, Date.now())),
    },
    ...(can.operate
      ? [
          {
            title: yardMsg.columns.actions,
            render: (_: unknown, r: QueueRow) => (
              <Space>
                {r.scheduling && (
                  <Button
                    type="primary"
                    size="small"
                    aria-label={`${yardMsg.complete} ${r.licensePlate}`}
                    onClick={() => act.complete(r)}
                  >
                    {yardMsg.complete}
                  </Button>
                )}
                <Button
                  size="small"
                  aria-label={`${yardMsg.backToQueue} ${r.licensePlate}`}
                  onClick={() => act.backToQueue(r)}
                >
                  {yardMsg.backToQueue}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
}

/** The checked-in vehicles, with *Chamar* for the roles that call; check-in times in the
 * yard's `zone` (the header's and the TV's), not the PC's. */
export function yardColumns(can: PanelAbilities, act: RowActions, zone: string | null | undefined) {
  return [
    { title: yardMsg.columns.plate, dataIndex: 'licensePlate', render: (p: string) => <strong>{p}</strong> },
    { title: yardMsg.columns.driver, dataIndex: 'driverName' },
    {
      title: yardMsg.columns.checkIn,
      dataIndex: 'createdAt',
      render: (t: string) => formatTime(t, zone),
    },
    {
      title: yardMsg.columns.calledAt,
      key: 'calledAt',
      render: (_: unknown, c: CheckinRow) => (c.isCalling && c.calledAt ? formatTime(c.calledAt, zone) : '-'),
    },
    ...(can.call
      ? [
          {
            title: yardMsg.columns.actions,
            render: (_: unknown, c: CheckinRow) => (
              <Button size="small" aria-label={`${yardMsg.call} ${c.licensePlate}`} onClick={() => act.call(c)}>
                {yardMsg.call}
              </Button>
            ),
          },
        ]
      : []),
  ];
}
