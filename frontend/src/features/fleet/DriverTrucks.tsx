/**
 * The trucks of the staff driver form (spec 2 sections 2 and 5): rows toggle between view and
 * edit (plate and renavam; a saved truck's renavam only), and a dialog adds a truck with its
 * plate and renavam (both required). A form control (`value` / `onChange`); the rows are saved
 * with the driver, where the server binds a free plate the actor's truck form reaches or
 * creates the truck.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { adminMsg } from '../../shared/records/messages';
import { antdRules, checkField } from '../../shared/records/validation';
import { driverMsg, type TruckRow } from './drivers';
import { normalizePlate, tonnes, truckLimits, truckMsg, truckPaths, truckRules } from './trucks';
import { StaffTable } from '../../shared/ui/StaffTable';

/** The dialog's renavam: digits only, at most 11 (spec 2 section 5: an 11-digit mask). */
const renavamDigits = (v: string | undefined) => (v ?? '').replace(/\D/g, '').slice(0, 11);

function rowProblem(row: TruckRow, others: TruckRow[]): string | null {
  const problem = checkField(truckRules.licensePlate, row.licensePlate) ?? checkField(truckRules.renavam, row.renavam);
  if (problem) return problem;
  return others.some((o) => o.licensePlate === row.licensePlate) ? driverMsg.truckRepeated : null;
}

export function DriverTrucks({ value = [], onChange }: { value?: TruckRow[]; onChange?: (v: TruckRow[]) => void }) {
  const ids = useId();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ index: number; row: TruckRow; problem: string | null } | null>(null);
  const [dialog] = Form.useForm<{ licensePlate: string; renavam: string }>();

  function confirmEdit() {
    if (!editing) return;
    const problem = rowProblem(
      editing.row,
      value.filter((_, i) => i !== editing.index),
    );
    if (problem) {
      setEditing({ ...editing, problem });
      return;
    }
    onChange?.(value.map((t, i) => (i === editing.index ? { ...editing.row, changed: true } : t)));
    setEditing(null);
  }

  async function addFromDialog() {
    const v = await dialog.validateFields();
    onChange?.([...value, { licensePlate: v.licensePlate, renavam: v.renavam }]);
    dialog.resetFields();
    setAdding(false);
  }

  const isEditing = (i: number) => editing?.index === i;
  const columns = [
    {
      title: truckMsg.plate,
      key: 'plate',
      width: 140,
      // A saved truck's plate changes only in the truck form (the server refuses it here).
      render: (_: unknown, t: TruckRow, i: number) =>
        isEditing(i) && editing && !t.id ? (
          <Input
            aria-label={`${truckMsg.plate} (${t.licensePlate})`}
            value={editing.row.licensePlate}
            maxLength={truckLimits.plate}
            onChange={(e) => setEditing({ ...editing, row: { ...editing.row, licensePlate: normalizePlate(e.target.value) } })}
          />
        ) : t.id ? (
          <Link to={truckPaths.edit(t.id)}>{t.licensePlate}</Link>
        ) : (
          t.licensePlate
        ),
    },
    {
      title: truckMsg.renavam,
      key: 'renavam',
      width: 160,
      render: (_: unknown, t: TruckRow, i: number) =>
        isEditing(i) && editing ? (
          <Input
            aria-label={`${truckMsg.renavam} (${t.licensePlate})`}
            value={editing.row.renavam}
            inputMode="numeric"
            maxLength={11}
            onChange={(e) => setEditing({ ...editing, row: { ...editing.row, renavam: renavamDigits(e.target.value) } })}
          />
        ) : (
          t.renavam
        ),
    },
    { title: truckMsg.model, key: 'model', render: (_: unknown, t: TruckRow) => t.model ?? (t.id ? '' : driverMsg.truckNew) },
    { title: truckMsg.net, key: 'net', width: 150, render: (_: unknown, t: TruckRow) => tonnes(t.netCapacity) },
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 110,
      render: (_: unknown, t: TruckRow, i: number) =>
        isEditing(i) ? (
          <Space size={0}>
            <Tooltip title={driverMsg.saveTruck(t.licensePlate)}>
              <Button type="text" icon={<CheckOutlined aria-hidden />} aria-label={driverMsg.saveTruck(t.licensePlate)} onClick={confirmEdit} />
            </Tooltip>
            <Tooltip title={adminMsg.cancel}>
              <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label={adminMsg.cancel} onClick={() => setEditing(null)} />
            </Tooltip>
          </Space>
        ) : (
          <Space size={0}>
            <Tooltip title={driverMsg.editTruck(t.licensePlate)}>
              <Button
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={driverMsg.editTruck(t.licensePlate)}
                disabled={editing !== null}
                onClick={() => setEditing({ index: i, row: { ...t }, problem: null })}
              />
            </Tooltip>
            {!t.id && (
              // A saved truck leaves the driver on the truck screens (unbind); a new row is local.
              <Tooltip title={driverMsg.removeTruck(t.licensePlate)}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={driverMsg.removeTruck(t.licensePlate)}
                  disabled={editing !== null}
                  onClick={() => onChange?.(value.filter((_, j) => j !== i))}
                />
              </Tooltip>
            )}
          </Space>
        ),
    },
  ];

  return (
    <section className="a-contacts" aria-labelledby={`${ids}-title`}>
      <Space align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} id={`${ids}-title`}>
          {driverMsg.trucks}
        </Typography.Title>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
          {driverMsg.addTruck}
        </Button>
      </Space>
      {editing?.problem && (
        <Typography.Text type="danger" role="alert">
          {editing.problem}
        </Typography.Text>
      )}
      <StaffTable<TruckRow>
        label={driverMsg.trucks}
        size="small"
        rowKey={(t) => (t.id ? `id-${t.id}` : `new-${t.licensePlate}`)}
        columns={columns}
        dataSource={value}
        pagination={false}
        locale={{ emptyText: driverMsg.noTrucks }}
        scroll={{ x: 640 }}
      />
      <Modal
        title={driverMsg.addTruck}
        open={adding}
        okText={driverMsg.addTruckOk}
        cancelText={adminMsg.cancel}
        onOk={() => void addFromDialog().catch(() => undefined)}
        onCancel={() => {
          dialog.resetFields();
          setAdding(false);
        }}
        destroyOnHidden
      >
        <Form form={dialog} name="driverTruck" layout="vertical" preserve={false} onFinish={() => void addFromDialog().catch(() => undefined)}>
          <Form.Item
            label={truckMsg.plate}
            name="licensePlate"
            required
            normalize={normalizePlate}
            rules={[
              ...antdRules(truckRules.licensePlate),
              {
                validator: (_: unknown, plate: string) =>
                  value.some((t) => t.licensePlate === plate) ? Promise.reject(new Error(driverMsg.truckRepeated)) : Promise.resolve(),
              },
            ]}
          >
            {/* Room for a typed hyphen: the value keeps 7 letters and digits. */}
            <Input maxLength={truckLimits.plate + 1} autoFocus placeholder="ABC1D23" />
          </Form.Item>
          <Form.Item label={truckMsg.renavam} name="renavam" required normalize={renavamDigits} rules={antdRules(truckRules.renavam)}>
            <Input inputMode="numeric" maxLength={14} placeholder="00000000000" />
          </Form.Item>
          {/* Enter in a field submits the dialog, not the driver form. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Modal>
    </section>
  );
}
