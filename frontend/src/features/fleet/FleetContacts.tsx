/**
 * The contacts of a fleet form (spec 2 section 2: rows toggle between view and edit; section 5:
 * the add button is enabled only when name, phone and e-mail are filled; phone mask
 * (##) # ####-####, at most 16). A contact that exists only in the form is removed at once; a
 * saved one through `DELETE /api/contact/delete/{id}` after the confirmation. A form control
 * (`value` / `onChange`); the contacts are saved with their owner.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { App, Button, Col, Input, Row, Space, Switch, Table, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { maskPhone } from '../../shared/masks';
import { TOAST_SECONDS } from '../../shared/messages';
import { useDeleteContactMutation } from '../../shared/records/api';
import { adminMsg } from '../../shared/records/messages';
import { checkContact, MAX } from '../../shared/records/validation';
import { canAddContact, driverMsg, type ContactRow } from './drivers';

const EMPTY: ContactRow = { name: '', fone: '', email: '', whatsapp: false };

export function FleetContacts({ value = [], onChange }: { value?: ContactRow[]; onChange?: (v: ContactRow[]) => void }) {
  const { modal, message } = App.useApp();
  const [draft, setDraft] = useState<ContactRow>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  // The row being edited (its index) and its values while edited.
  const [editing, setEditing] = useState<{ index: number; row: ContactRow; problem: string | null } | null>(null);
  const [removeSaved] = useDeleteContactMutation();
  const ids = useId();

  function add() {
    if (!canAddContact(draft)) return;
    const p = checkContact(draft);
    if (p) {
      setProblem(p);
      return;
    }
    onChange?.([...value, { ...draft, name: draft.name.trim(), email: draft.email.trim() }]);
    setDraft(EMPTY);
    setProblem(null);
  }

  function confirmEdit() {
    if (!editing) return;
    const p = checkContact(editing.row);
    if (p) {
      setEditing({ ...editing, problem: p });
      return;
    }
    const row = { ...editing.row, name: editing.row.name.trim(), email: editing.row.email.trim() };
    onChange?.(value.map((c, i) => (i === editing.index ? row : c)));
    setEditing(null);
  }

  function remove(c: ContactRow, index: number) {
    if (!c.id) {
      onChange?.(value.filter((_, i) => i !== index));
      return;
    }
    const id = c.id;
    modal.confirm({
      title: adminMsg.contactDeleteTitle(c.name),
      content: adminMsg.deleteWarning,
      okText: adminMsg.remove,
      okButtonProps: { danger: true },
      cancelText: adminMsg.cancel,
      onOk: async () => {
        try {
          await removeSaved(id).unwrap();
          onChange?.(value.filter((x) => x.id !== id));
          void message.success(adminMsg.deleted, TOAST_SECONDS);
        } catch {
          void message.error(adminMsg.contactDeleteError, TOAST_SECONDS);
        }
      },
    });
  }

  // Enter adds (or confirms) instead of submitting the whole form.
  const onKey = (action: () => void) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      action();
    }
  };

  const isEditing = (i: number) => editing?.index === i;
  const field = (i: number, key: 'name' | 'fone' | 'email', c: ContactRow, label: string) =>
    isEditing(i) && editing ? (
      <Input
        aria-label={`${label} (${c.name})`}
        value={editing.row[key]}
        maxLength={key === 'name' ? MAX.text : undefined}
        inputMode={key === 'fone' ? 'tel' : undefined}
        onKeyDown={onKey(confirmEdit)}
        onChange={(e) =>
          setEditing({
            ...editing,
            row: { ...editing.row, [key]: key === 'fone' ? maskPhone(e.target.value) : e.target.value },
          })
        }
      />
    ) : (
      c[key]
    );

  const columns = [
    { title: driverMsg.contactName, key: 'name', render: (_: unknown, c: ContactRow, i: number) => field(i, 'name', c, driverMsg.contactName) },
    { title: driverMsg.phone, key: 'fone', width: 190, render: (_: unknown, c: ContactRow, i: number) => field(i, 'fone', c, driverMsg.phone) },
    { title: driverMsg.email, key: 'email', render: (_: unknown, c: ContactRow, i: number) => field(i, 'email', c, driverMsg.email) },
    {
      title: adminMsg.whatsapp,
      key: 'whatsapp',
      width: 100,
      render: (_: unknown, c: ContactRow, i: number) =>
        isEditing(i) && editing ? (
          <Switch
            size="small"
            checked={editing.row.whatsapp}
            aria-label={`${adminMsg.whatsapp} ${c.name}`}
            onChange={(on) => setEditing({ ...editing, row: { ...editing.row, whatsapp: on } })}
          />
        ) : c.whatsapp ? (
          adminMsg.yes
        ) : (
          adminMsg.no
        ),
    },
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 110,
      render: (_: unknown, c: ContactRow, i: number) =>
        isEditing(i) ? (
          <Space size={0}>
            <Tooltip title={driverMsg.saveContact(c.name)}>
              <Button type="text" icon={<CheckOutlined aria-hidden />} aria-label={driverMsg.saveContact(c.name)} onClick={confirmEdit} />
            </Tooltip>
            <Tooltip title={adminMsg.cancel}>
              <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label={adminMsg.cancel} onClick={() => setEditing(null)} />
            </Tooltip>
          </Space>
        ) : (
          <Space size={0}>
            <Tooltip title={driverMsg.editContact(c.name)}>
              <Button
                type="text"
                icon={<EditOutlined aria-hidden />}
                aria-label={driverMsg.editContact(c.name)}
                disabled={editing !== null}
                onClick={() => setEditing({ index: i, row: { ...c }, problem: null })}
              />
            </Tooltip>
            <Tooltip title={driverMsg.removeContact(c.name)}>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={driverMsg.removeContact(c.name)}
                disabled={editing !== null}
                onClick={() => remove(c, i)}
              />
            </Tooltip>
          </Space>
        ),
    },
  ];

  return (
    <section className="a-contacts" aria-labelledby={`${ids}-title`}>
      <Typography.Title level={5} id={`${ids}-title`}>
        {driverMsg.contacts}
      </Typography.Title>
      <Row gutter={8} align="bottom" className="a-contact-add">
        <Col xs={24} md={7}>
          <label htmlFor={`${ids}-name`}>{driverMsg.contactName}</label>
          <Input
            id={`${ids}-name`}
            value={draft.name}
            maxLength={MAX.text}
            onKeyDown={onKey(add)}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </Col>
        <Col xs={24} md={5}>
          <label htmlFor={`${ids}-fone`}>{driverMsg.phone}</label>
          <Input
            id={`${ids}-fone`}
            value={draft.fone}
            inputMode="tel"
            placeholder="(00) 0 0000-0000"
            maxLength={MAX.phone}
            onKeyDown={onKey(add)}
            onChange={(e) => setDraft({ ...draft, fone: maskPhone(e.target.value) })}
          />
        </Col>
        <Col xs={24} md={6}>
          <label htmlFor={`${ids}-email`}>{driverMsg.email}</label>
          <Input
            id={`${ids}-email`}
            type="email"
            value={draft.email}
            onKeyDown={onKey(add)}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
          />
        </Col>
        <Col xs={12} md={2}>
          <label htmlFor={`${ids}-whats`}>{adminMsg.whatsapp}</label>
          <div>
            <Switch id={`${ids}-whats`} checked={draft.whatsapp} onChange={(on) => setDraft({ ...draft, whatsapp: on })} />
          </div>
        </Col>
        <Col xs={12} md={4}>
          <Button icon={<PlusOutlined aria-hidden />} onClick={add} disabled={!canAddContact(draft)} block>
            {driverMsg.addContact}
          </Button>
        </Col>
      </Row>
      {(problem || editing?.problem) && (
        <Typography.Text type="danger" role="alert">
          {problem ?? editing?.problem}
        </Typography.Text>
      )}
      <Table<ContactRow>
        size="small"
        rowKey={(c) => (c.id ? `id-${c.id}` : `new-${c.fone}-${c.email}`)}
        columns={columns}
        dataSource={value}
        pagination={false}
        locale={{ emptyText: adminMsg.noResults }}
        scroll={{ x: 700 }}
      />
    </section>
  );
}
