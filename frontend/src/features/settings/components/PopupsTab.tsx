/**
 * Tab Pop-ups (spec 3 sections 2, 3 and 8): the list with its view counts (total and unique
 * drivers) and the form with a live preview. Saving sends the pop-up (POST /api/popups/save),
 * then the chosen image (POST /api/popups/upload, which needs the pop-up's id). Dates are whole
 * days, shown in America/Sao_Paulo as dd/MM/yyyy.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Popconfirm, Row, Space, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { readApiError } from '../../../shared/apiError';
import { isPngOrJpeg } from '../../../shared/imageBytes';
import { TOAST_SECONDS } from '../../../shared/messages';
import { useAppDispatch } from '../../../app/store';
import { popupsTag, useCompanyPopupsQuery, useDeletePopupMutation, useSavePopupMutation, useUploadPopupImageMutation } from '../api';
import { SETTINGS_PAGE_SIZE, sm } from '../messages';
import {
  EMPTY_POPUP,
  IMAGE_ACCEPT,
  isAllowedImage,
  MAX_IMAGE_BYTES,
  popupDay,
  popupPayload,
  popupToForm,
  validatePopup,
  type PopupFormValues,
  type PopupView,
} from '../model/popupForm';
import { StaffTable } from '../../../shared/ui/StaffTable';
import { keepEnterInPicker } from './keys';
import { PopupPreview } from './PopupPreview';
import { RichTextEditor } from './RichTextEditor';

const DAY = 'YYYY-MM-DD';
const POPUP_FIELDS = ['title', 'label', 'start_at', 'end_at', 'content'] as const;

interface PopupFields {
  title: string;
  label: string;
  active: boolean;
  start_at: Dayjs | null;
  end_at: Dayjs | null;
  content: string;
}

function toFields(v: PopupFormValues): PopupFields {
  return {
    title: v.title,
    label: v.label,
    active: v.active,
    start_at: v.start_at ? dayjs(v.start_at, DAY) : null,
    end_at: v.end_at ? dayjs(v.end_at, DAY) : null,
    content: v.content,
  };
}

function fromFields(id: number | null, f: Partial<PopupFields>): PopupFormValues {
  return {
    id,
    title: f.title ?? '',
    label: f.label ?? '',
    active: f.active ?? true,
    start_at: f.start_at ? f.start_at.format(DAY) : null,
    end_at: f.end_at ? f.end_at.format(DAY) : null,
    content: f.content ?? '',
  };
}

export function PopupsTab({ companyId }: { companyId: number }) {
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<PopupFields>();
  const list = useCompanyPopupsQuery(companyId);
  const [save] = useSavePopupMutation();
  const [upload] = useUploadPopupImageMutation();
  const [remove] = useDeletePopupMutation();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [storedImage, setStoredImage] = useState<string | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const watched = Form.useWatch([], form) as Partial<PopupFields> | undefined;

  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (fileUrl) URL.revokeObjectURL(fileUrl);
  }, [fileUrl]);
  const imageSrc = fileUrl ?? (removeImage ? null : storedImage);

  function startNew() {
    setEditingId(null);
    setStoredImage(null);
    setRemoveImage(false);
    setFile(null);
    form.setFieldsValue(toFields(EMPTY_POPUP));
    form.setFields(POPUP_FIELDS.map((name) => ({ name, errors: [] })));
  }

  function edit(p: PopupView) {
    setEditingId(p.id);
    setStoredImage(p.imageUrl ?? null);
    setRemoveImage(false);
    setFile(null);
    form.setFieldsValue(toFields(popupToForm(p)));
  }

  async function chooseFile(f: File | undefined, input: HTMLInputElement) {
    if (!f) return;
    // The name and the browser's type are guesses: the first bytes decide.
    if (!isAllowedImage(f) || !(await isPngOrJpeg(f))) {
      void message.error(sm.popupImageType, TOAST_SECONDS);
      input.value = '';
      return;
    }
    if (f.size > MAX_IMAGE_BYTES) {
      void message.error(sm.logoTooLarge, TOAST_SECONDS);
      input.value = '';
      return;
    }
    setFile(f);
    setRemoveImage(false);
    input.value = '';
  }

  // An error disappears as soon as its field becomes valid.
  function clearFixedErrors(changed: Partial<PopupFields>) {
    const values = fromFields(editingId, form.getFieldsValue(true) as PopupFields);
    const still = new Set<string>(validatePopup(values).map((i) => i.field));
    const fixed = POPUP_FIELDS.filter(
      (name) => !still.has(name) && form.getFieldError(name).length > 0 && (name in changed || still.size === 0),
    );
    if (fixed.length) form.setFields(fixed.map((name) => ({ name, errors: [] })));
  }

  async function onFinish() {
    const values = fromFields(editingId, form.getFieldsValue(true) as PopupFields);
    const issues = validatePopup(values);
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.field, errors: [i.message] })));
      return;
    }
    setBusy(true);
    try {
      let saved: PopupView;
      try {
        saved = await save(popupPayload(companyId, values, removeImage && !file)).unwrap();
      } catch (e) {
        const err = readApiError(e);
        const fields = POPUP_FIELDS.filter((k) => err.fields[k]);
        if (fields.length) form.setFields(fields.map((name) => ({ name, errors: [err.fields[name]] })));
        void message.error(sm.popupCreateError, TOAST_SECONDS);
        return;
      }
      if (file) {
        try {
          await upload({ id: saved.id, file, name: file.name }).unwrap();
        } catch {
          // The pop-up is saved: keep it open to try the image again.
          setEditingId(saved.id);
          setStoredImage(saved.imageUrl ?? null);
          dispatch(popupsTag(companyId));
          void message.error(sm.popupUploadError, TOAST_SECONDS);
          return;
        }
      }
      void message.success(values.id ? sm.popupUpdated : sm.popupCreated, TOAST_SECONDS);
      dispatch(popupsTag(companyId));
      startNew();
    } finally {
      setBusy(false);
    }
  }

  async function del(p: PopupView) {
    setDeleting(p.id);
    try {
      await remove({ id: p.id, companyId }).unwrap();
      void message.success(sm.popupDeleted, TOAST_SECONDS);
      if (editingId === p.id) startNew();
    } catch {
      void message.error(sm.popupDeleteError, TOAST_SECONDS);
    } finally {
      setDeleting(null);
    }
  }

  const preview = fromFields(editingId, watched ?? {});

  return (
    <div className="st-pane">
      <div className="st-pane-head">
        <Typography.Title level={4}>{sm.popupsList}</Typography.Title>
        <Button icon={<PlusOutlined aria-hidden />} onClick={startNew}>
          {sm.popupNewButton}
        </Button>
      </div>
      <PopupList
        rows={list.data ?? []}
        loading={list.isFetching}
        failed={list.isError}
        deleting={deleting}
        onEdit={edit}
        onDelete={(p) => void del(p)}
      />

      <Row gutter={24} className="st-popup-editor">
        <Col xs={24} lg={14}>
          <Typography.Title level={5}>{editingId ? sm.popupFormEdit : sm.popupFormNew}</Typography.Title>
          <Form<PopupFields>
            form={form}
            name="popup"
            layout="vertical"
            initialValues={toFields(EMPTY_POPUP)}
            onFinish={() => void onFinish()}
            onValuesChange={clearFixedErrors}
          >
            <Row gutter={12}>
              <Col xs={12} md={9}>
                <Form.Item name="start_at" label={sm.popupStart}>
                  <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} onKeyDown={keepEnterInPicker} />
                </Form.Item>
              </Col>
              <Col xs={12} md={9}>
                <Form.Item name="end_at" label={sm.popupEnd}>
                  <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} onKeyDown={keepEnterInPicker} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="active" label={sm.popupActive} valuePropName="checked">
                  <Switch checkedChildren={sm.yes} unCheckedChildren={sm.no} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="title" label={sm.popupTitle} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="label" label={sm.popupLabel}>
              <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
            <PopupImageField
              file={file}
              hasImage={imageSrc !== null}
              onChoose={(f, input) => void chooseFile(f, input)}
              onRemove={() => {
                setFile(null);
                setRemoveImage(true);
              }}
            />
            <Form.Item name="content" label={sm.popupContent}>
              <RichTextEditor ariaLabel={sm.popupContent} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={busy}>
                {sm.save}
              </Button>
              {editingId !== null && <Button onClick={startNew}>{sm.cancel}</Button>}
            </Space>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>{sm.popupPreview}</Typography.Title>
          <PopupPreview title={preview.title} label={preview.label} content={preview.content} image={imageSrc} />
        </Col>
      </Row>
    </div>
  );
}

/** The pop-ups with their view counts; editing and deleting are the tab's. */
function PopupList({
  rows,
  loading,
  failed,
  deleting,
  onEdit,
  onDelete,
}: {
  rows: PopupView[];
  loading: boolean;
  failed: boolean;
  deleting: number | null;
  onEdit: (p: PopupView) => void;
  onDelete: (p: PopupView) => void;
}) {
  return (
    <StaffTable<PopupView>
      label={sm.popupsList}
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={{ pageSize: SETTINGS_PAGE_SIZE, hideOnSinglePage: true }}
      locale={{ emptyText: failed ? sm.loadError : sm.popupEmpty }}
      columns={[
        { title: sm.popupTitle, dataIndex: 'title' },
        { title: sm.popupStart, dataIndex: 'start_at', width: 110, render: (d: string | null) => popupDay(d) || sm.popupNoLimit },
        { title: sm.popupEnd, dataIndex: 'end_at', width: 110, render: (d: string | null) => popupDay(d) || sm.popupNoLimit },
        {
          title: sm.popupActive,
          dataIndex: 'active',
          width: 80,
          render: (on: boolean) => (on ? <Tag color="green">{sm.yes}</Tag> : <Tag>{sm.no}</Tag>),
        },
        { title: sm.popupViews, dataIndex: 'views', width: 120 },
        { title: sm.popupViewsUnique, dataIndex: 'viewsUnique', width: 110 },
        {
          title: sm.actions,
          key: 'actions',
          width: 110,
          render: (_, p) => (
            <Space>
              <Button size="small" icon={<EditOutlined aria-hidden />} aria-label={`${sm.edit} ${p.title}`} onClick={() => onEdit(p)} />
              <Popconfirm title={sm.popupDeleteConfirm} okText={sm.yes} cancelText={sm.no} onConfirm={() => onDelete(p)}>
                <Button
                  danger
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  loading={deleting === p.id}
                  aria-label={`${sm.delete} ${p.title}`}
                />
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}

/** The image's file input (hidden; the button opens it), the chosen name and 'Remover imagem'. */
function PopupImageField({
  file,
  hasImage,
  onChoose,
  onRemove,
}: {
  file: File | null;
  hasImage: boolean;
  onChoose: (f: File | undefined, input: HTMLInputElement) => void;
  onRemove: () => void;
}) {
  return (
    <Form.Item label={sm.popupImage} htmlFor="st-popup-image">
      <input
        id="st-popup-image"
        type="file"
        accept={IMAGE_ACCEPT}
        className="st-visually-hidden"
        tabIndex={-1}
        data-testid="popup-file"
        onChange={(e) => onChoose(e.target.files?.[0], e.target)}
      />
      <Space wrap>
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => document.getElementById('st-popup-image')?.click()}>
          {sm.popupImageChoose}
        </Button>
        {file && <Typography.Text>{file.name}</Typography.Text>}
        {hasImage && <Button onClick={onRemove}>{sm.popupImageRemove}</Button>}
      </Space>
    </Form.Item>
  );
}
