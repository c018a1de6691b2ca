import { useId, useState, type KeyboardEvent } from 'react';
import { App, Button, Col, Input, Row, Space, Switch, Tooltip, Typography } from 'antd';
import { StaffTable } from '../../ui/StaffTable';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { maskPhone } from '../../../shared/masks';
import { TOAST_SECONDS } from '../../../shared/messages';
import { useDeleteContactMutation, type ContactItem } from '../api';
import { adminMsg } from '../messages';
import { checkContact, MAX } from '../validation';
import { canAddContact, removeUnsavedContact } from '../contacts';

const EMPTY: ContactItem = { name: '', fone: '', email: '', whatsapp: false };
type TextKey = 'name' | 'fone' | 'email';

/**
 * The contacts of a record form, a form control (`value` / `onChange`); the contacts are saved
 * with their owner. Adding needs name, phone and e-mail; a saved contact is deleted by
 * `DELETE /api/contact/delete/{id}` after the confirmation.
 * - Companies, customers and shipping companies (spec 1 section 5): a contact that exists
 *   only in the form is removed by matching its phone; customers and shipping companies have
 *   the whatsapp toggle.
 * - Drivers and trucks (`editable`, spec 2 sections 2 and 5): rows toggle between view and
 *   edit, the add button is enabled only when name, phone and e-mail are filled, and an
 *   unsaved row is removed at once.
 */
export function ContactTable({
  value = [],
  onChange,
  whatsapp = false,
  editable = false,
}: {
  value?: ContactItem[];
  onChange?: (v: ContactItem[]) => void;
  whatsapp?: boolean;
  editable?: boolean;
}) {
  const { modal, message } = App.useApp();
  const [draft, setDraft] = useState<ContactItem>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  // The row being edited (its index) and its values while edited.
  const [editing, setEditing] = useState<{ index: number; row: ContactItem; problem: string | null } | null>(null);
  const [removeSaved] = useDeleteContactMutation();
  const ids = useId();
  const withWhatsapp = whatsapp || editable;
  const trimmed = (c: ContactItem): ContactItem => ({ ...c, name: c.name.trim(), email: c.email.trim() });

  function add() {
    if (editable && !canAddContact(draft)) return;
    const p = checkContact(draft);
    if (p) {
      setProblem(p);
      return;
    }
    onChange?.([...value, trimmed(draft)]);
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
    onChange?.(value.map((c, i) => (i === editing.index ? trimmed(editing.row) : c)));
    setEditing(null);
  }

  function remove(c: ContactItem, index: number) {
    if (!c.id) {
      onChange?.(editable ? value.filter((_, i) => i !== index) : removeUnsavedContact(value, c.fone));
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
  const cell = (key: TextKey, label: string) => (_: unknown, c: ContactItem, i: number) =>
    isEditing(i) && editing ? (
      <Input
        aria-label={`${label} (${c.name})`}
        value={editing.row[key]}
        maxLength={key === 'name' ? MAX.text : key === 'fone' ? MAX.phone : undefined}
        inputMode={key === 'fone' ? 'tel' : undefined}
        onKeyDown={onKey(confirmEdit)}
        onChange={(e) =>
          setEditing({ ...editing, row: { ...editing.row, [key]: key === 'fone' ? maskPhone(e.target.value) : e.target.value } })
        }
      />
    ) : (
      c[key]
    );

  const whatsappCell = (_: unknown, c: ContactItem, i: number) => {
    if (isEditing(i) && editing) {
      return (
        <Switch
          size="small"
          checked={editing.row.whatsapp}
          aria-label={`${adminMsg.whatsapp} ${c.name}`}
          onChange={(on) => setEditing({ ...editing, row: { ...editing.row, whatsapp: on } })}
        />
      );
    }
    if (editable) return c.whatsapp ? adminMsg.yes : adminMsg.no;
    return (
      <Switch
        size="small"
        checked={c.whatsapp}
        aria-label={`${adminMsg.whatsapp} ${c.name}`}
        onChange={(on) => onChange?.(value.map((x, j) => (j === i ? { ...x, whatsapp: on } : x)))}
      />
    );
  };

  const removeButton = (c: ContactItem, i: number) => (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined aria-hidden />}
      aria-label={adminMsg.removeContact(c.name)}
      disabled={editing !== null}
      onClick={() => remove(c, i)}
    />
  );

  const actions = (_: unknown, c: ContactItem, i: number) => {
    if (!editable) return removeButton(c, i);
    if (isEditing(i)) {
      return (
        <Space size={0}>
          <Tooltip title={adminMsg.saveContact(c.name)}>
            <Button type="text" icon={<CheckOutlined aria-hidden />} aria-label={adminMsg.saveContact(c.name)} onClick={confirmEdit} />
          </Tooltip>
          <Tooltip title={adminMsg.cancel}>
            <Button type="text" icon={<CloseOutlined aria-hidden />} aria-label={adminMsg.cancel} onClick={() => setEditing(null)} />
          </Tooltip>
        </Space>
      );
    }
    return (
      <Space size={0}>
        <Tooltip title={adminMsg.editContact(c.name)}>
          <Button
            type="text"
            icon={<EditOutlined aria-hidden />}
            aria-label={adminMsg.editContact(c.name)}
            disabled={editing !== null}
            onClick={() => setEditing({ index: i, row: { ...c }, problem: null })}
          />
        </Tooltip>
        <Tooltip title={adminMsg.removeContact(c.name)}>{removeButton(c, i)}</Tooltip>
      </Space>
    );
  };

  const columns = [
    { title: editable ? adminMsg.contactName : adminMsg.name, key: 'name', render: cell('name', adminMsg.contactName) },
    { title: adminMsg.phone, key: 'fone', ...(editable ? { width: 190 } : {}), render: cell('fone', adminMsg.phone) },
    { title: adminMsg.email, key: 'email', render: cell('email', adminMsg.email) },
    ...(withWhatsapp ? [{ title: adminMsg.whatsapp, key: 'whatsapp', ...(editable ? { width: 100 } : {}), render: whatsappCell }] : []),
    { title: adminMsg.actions, key: 'actions', width: editable ? 110 : 80, render: actions },
  ];

  const shownProblem = problem ?? editing?.problem;
  return (
    <section className="a-contacts" aria-labelledby={`${ids}-title`}>
      <Typography.Title level={5} id={`${ids}-title`}>
        {adminMsg.contacts}
      </Typography.Title>
      <ContactDraftRow
        ids={ids}
        draft={draft}
        onDraft={setDraft}
        editable={editable}
        withWhatsapp={withWhatsapp}
        onAdd={add}
        onEnter={onKey(add)}
      />
      {shownProblem && (
        <Typography.Text type="danger" role="alert">
          {shownProblem}
        </Typography.Text>
      )}
      <StaffTable<ContactItem>
        label={adminMsg.contacts}
        size="small"
        rowKey={(c) => (c.id ? `id-${c.id}` : `new-${c.fone}-${c.email}`)}
        columns={columns}
        dataSource={value}
        pagination={false}
        locale={{ emptyText: adminMsg.noResults }}
        {...(editable ? { scroll: { x: 700 } } : {})}
      />
    </section>
  );
}

/** The row that adds a contact: name, phone (masked), e-mail, WhatsApp and 'Adicionar'. */
function ContactDraftRow({
  ids,
  draft,
  onDraft,
  editable,
  withWhatsapp,
  onAdd,
  onEnter,
}: {
  ids: string;
  draft: ContactItem;
  onDraft: (c: ContactItem) => void;
  editable: boolean;
  withWhatsapp: boolean;
  onAdd: () => void;
  onEnter: (e: KeyboardEvent) => void;
}) {
  return (
    <Row gutter={8} align="bottom" className="a-contact-add">
      <Col xs={24} md={7}>
        <label htmlFor={`${ids}-name`}>{adminMsg.contactName}</label>
        <Input
          id={`${ids}-name`}
          value={draft.name}
          maxLength={MAX.text}
          onKeyDown={onEnter}
          onChange={(e) => onDraft({ ...draft, name: e.target.value })}
        />
      </Col>
      <Col xs={24} md={5}>
        <label htmlFor={`${ids}-fone`}>{adminMsg.phone}</label>
        <Input
          id={`${ids}-fone`}
          value={draft.fone}
          inputMode="tel"
          placeholder="(00) 0 0000-0000"
          maxLength={editable ? MAX.phone : undefined}
          onKeyDown={onEnter}
          onChange={(e) => onDraft({ ...draft, fone: maskPhone(e.target.value) })}
        />
      </Col>
      <Col xs={24} md={withWhatsapp ? 6 : 8}>
        <label htmlFor={`${ids}-email`}>{adminMsg.email}</label>
        <Input
          id={`${ids}-email`}
          type="email"
          value={draft.email}
          onKeyDown={onEnter}
          onChange={(e) => onDraft({ ...draft, email: e.target.value })}
        />
      </Col>
      {withWhatsapp && (
        <Col xs={12} md={2}>
          <label htmlFor={`${ids}-whats`}>{adminMsg.whatsapp}</label>
          <div>
            <Switch id={`${ids}-whats`} checked={draft.whatsapp} onChange={(on) => onDraft({ ...draft, whatsapp: on })} />
          </div>
        </Col>
      )}
      <Col xs={12} md={4}>
        <Button icon={<PlusOutlined aria-hidden />} onClick={onAdd} disabled={editable && !canAddContact(draft)} block>
          {adminMsg.addContact}
        </Button>
      </Col>
    </Row>
  );
}
