/**
 * /perfil: the simple own-profile form of spec 1 (name, phone and password only), for every
 * staff role — dispatch roles have no other profile page. Shows nothing without a signed-in
 * user id and reloads the page 2.5 s after saving.
 */
import { App, Button, Card, Form, Input } from 'antd';
import { useEffect } from 'react';
import { maskPhone } from '../../shared/masks';
import { TOAST_SECONDS } from '../../shared/messages';
import { adminBase } from '../../shared/records/api';
import { useSaveError, useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { useUserQuery } from './api';
import type { Filled, Schema } from '../../shared/api/types';

/** The form holds every field as text. */
type ProfileValues = Filled<Schema<'ProfileBody'>>;

const profileApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    saveOwnProfile: build.mutation<unknown, Partial<ProfileValues>>({
      query: (body) => ({ url: 'users/profile', method: 'POST', body }),
      invalidatesTags: ['User', 'StaffSession'],
    }),
  }),
});

const RELOAD_AFTER_MS = 2000;

export default function SimpleProfilePage() {
  const { message } = App.useApp();
  const session = useSession();
  const id = session?.id ?? 0;
  const record = useUserQuery(id, { skip: !id });
  const [form] = Form.useForm<ProfileValues>();
  const [save, saving] = profileApi.useSaveOwnProfileMutation();
  const onError = useSaveError(form, ['name', 'fone', 'password']);

  useEffect(() => {
    if (record.data) {
      form.setFieldsValue({ name: record.data.name, fone: record.data.fone ?? '', password: '' });
    }
  }, [record.data, form]);

  if (!id) return null;

  async function submit(values: ProfileValues) {
    try {
      await save({
        name: values.name.trim(),
        fone: values.fone,
        ...(values.password ? { password: values.password } : {}),
      }).unwrap();
      void message.success(adminMsg.saved, TOAST_SECONDS);
      window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
    } catch (e) {
      onError(e);
    }
  }

  return (
    <Card title="Meu perfil" loading={record.isLoading} style={{ maxWidth: 480 }}>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={saving.isLoading}>
        <Form.Item
          label="Nome"
          name="name"
          rules={[{ required: true, whitespace: true, message: adminMsg.nameRequired }]}
        >
          <Input maxLength={25} autoComplete="name" />
        </Form.Item>
        <Form.Item label="Telefone" name="fone" normalize={(v: string) => maskPhone(v ?? '')}>
          <Input maxLength={16} inputMode="tel" autoComplete="tel" placeholder="(00) 0 0000-0000" />
        </Form.Item>
        <Form.Item label="Nova senha" name="password" extra="Deixe em branco para manter a senha atual.">
          <Input.Password maxLength={11} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving.isLoading}>
          Salvar
        </Button>
      </Form>
    </Card>
  );
}
