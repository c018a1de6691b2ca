/**
 * /user/edit (Usuario, Transportadora) and /admin/edit (Administrador): the signed-in user's
 * profile, 'Editar/Cadastrar Perfil'. Role and company are editable only by a root
 * administrator; a Transportadora also sets its SMS / WhatsApp / e-mail authorizations.
 */
import { App } from 'antd';
import { FormShell } from '../../shared/records/components/FormShell';
import { useSession } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { TOAST_SECONDS } from '../../shared/messages';
import '../../shared/records/admin.css';
import { useShippingCompanyQuery } from '../shippingCompanies/api';
import { useUserQuery } from './api';
import { UserForm, type ContactFlags } from './UserForm';

export default function ProfilePage() {
  const { message } = App.useApp();
  const session = useSession();
  const id = session?.id ?? 0;
  const record = useUserQuery(id, { skip: !id });
  // A Transportadora's authorizations are read from its shipping company's users.
  const shippingId = session?.screens.ownShippingCompany ? (session.shippingCompanyId ?? 0) : 0;
  const shipping = useShippingCompanyQuery(shippingId, { skip: !shippingId });
  const me = shipping.data?.users.find((u) => u.id === id);
  const flags: ContactFlags | undefined = me ? { hasSMS: me.hasSMS, hasWhats: me.hasWhats, hasEmail: me.hasEmail } : undefined;
  const loading = record.isLoading || (!!shippingId && shipping.isLoading);

  return (
    <FormShell
      title={adminMsg.profileTitle}
      loading={!id || loading}
      error={record.isError ? record.error : undefined}
      onRetry={() => void record.refetch()}
    >
      {record.data && (
        <UserForm
          key={`${record.data.id}-${flags ? 'f' : 'n'}`}
          record={record.data}
          profile
          contactFlags={flags}
          onSaved={() => void message.success(adminMsg.saved, TOAST_SECONDS)}
        />
      )}
    </FormShell>
  );
}
