import { useId, useState, type KeyboardEvent } from 'react';
import { App, Button, Col, Input, Row, Switch, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { maskPhone } from '../../../shared/masks';
import { TOAST_SECONDS } from '../../../shared/messages';
import { useDeleteContactMutation, type ContactItem } from '../api';
import { adminMsg } from '../messages';
import { checkContact, MAX } from '../validation';
import { removeUnsavedContact } from '../contacts';

const EMPTY = { name: '', fone: '', email: '', whatsapp: false };

/**
 * The contact table of the company, customer and shipping-company forms (spec 1 section 5,
 * "Contacts"). Adding needs name, phone and e-mail. A contact that exists only in the form is
 * removed by matching its phone; a saved one by `DELETE /api/contact/delete/{id}` after the
 * confirmation. Used as a form control (`value` / `onChange`).
 */
export function ContactTable({
  value = [],
  onChange,
  whatsapp = false,
}: {
  value?: ContactItem[];
  onChange?: (v: ContactItem[]) => void;
  /** Customers and shipping companies have the whatsapp toggle. */
  whatsapp?: boolean;
}) {
  const { modal, message } = App.useApp();
  const [draft, setDraft] = useState<ContactItem>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [removeSaved] = useDeleteContactMutation();
  const ids = useId();

  function add() {
    const p = checkContact(draft);
    if (p) {
      setProblem(p);
      return;
    }
    onChange?.([...value, { name: draft.name.trim(), fone: draft.fone, email: draft.email.trim(), whatsapp: draft.whatsapp }]);
    setDraft(EMPTY);
    setProblem(null);
  }

  // Enter in the add row adds the contact instead of submitting the whole form.
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  function remove(c: ContactItem) {
    if (!c.id) {
      onChange?.(removeUnsavedContact(value, c.fone));
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

  const columns = [
    { title: adminMsg.name, dataIndex: 'name', key: 'name' },
    { title: adminMsg.phone, dataIndex: 'fone', key: 'fone' },
    { title: adminMsg.email, dataIndex: 'email', key: 'email' },
    ...(whatsapp
      ? [
          {
            title: adminMsg.whatsapp,
            key: 'whatsapp',
            render: (_: unknown, c: ContactItem, i: number) => (
              <Switch
                size="small"
                checked={c.whatsapp}
                aria-label={`${adminMsg.whatsapp} ${c.name}`}
                onChange={(on) => onChange?.(value.map((x, j) => (j === i ? { ...x, whatsapp: on } : x)))}
              />
            ),
          },
        ]
      : []),
    {
      title: adminMsg.actions,
      key: 'actions',
      width: 80,
      render: (_: unknown, c: ContactItem) => (
        <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={adminMsg.removeContact(c.name)} onClick={() => remove(c)} />
      ),
    },
  ];

  return (
    <section className="a-contacts" aria-labelledby={`${ids}-title`}>
      <Typography.Title level={5} id={`${ids}-title`}>
        {adminMsg.contacts}
      </Typography.Title>
      <Row gutter={8} align="bottom" className="a-contact-add">
        <Col xs={24} md={7}>
          <label htmlFor={`${ids}-name`}>{adminMsg.contactName}</label>
          <Input
            id={`${ids}-name`}
            value={draft.name}
            maxLength={MAX.text}
            onKeyDown={onKey}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </Col>
        <Col xs={24} md={5}>
          <label htmlFor={`${ids}-fone`}>{adminMsg.phone}</label>
          <Input
            id={`${ids}-fone`}
            value={draft.fone}
            inputMode="tel"
            placeholder="(00) 0 0000-0000"
            onKeyDown={onKey}
            onChange={(e) => setDraft({ ...draft, fone: maskPhone(e.target.value) })}
          />
        </Col>
        <Col xs={24} md={whatsapp ? 6 : 8}>
          <label htmlFor={`${ids}-email`}>{adminMsg.email}</label>
          <Input
            id={`${ids}-email`}
            type="email"
            value={draft.email}
            onKeyDown={onKey}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
          />
        </Col>
        {whatsapp && (
          <Col xs={12} md={2}>
            <label htmlFor={`${ids}-whats`}>{adminMsg.whatsapp}</label>
            <div>
              <Switch id={`${ids}-whats`} checked={draft.whatsapp} onChange={(on) => setDraft({ ...draft, whatsapp: on })} />
            </div>
          </Col>
        )}
        <Col xs={12} md={4}>
          <Button icon={<PlusOutlined aria-hidden />} onClick={add} block>
            {adminMsg.addContact}
          </Button>
        </Col>
      </Row>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
      <Table<ContactItem>
        size="small"
        rowKey={(c) => (c.id ? `id-${c.id}` : `new-${c.fone}-${c.email}`)}
        columns={columns}
        dataSource={value}
        pagination={false}
        locale={{ emptyText: adminMsg.noResults }}
      />
    </section>
  );
}
