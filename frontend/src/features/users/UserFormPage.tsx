/** /usuario/novo and /usuario/novo/:id: the user form (administrators). */
import { useParams } from 'react-router';
import { useStaffGoTo } from '../auth/session';
import { FormShell } from '../../shared/records/components/FormShell';
import { useSaveAndReturn } from '../../shared/records/hooks';
import { adminMsg } from '../../shared/records/messages';
import { adminPaths } from '../../shared/records/paths';
import '../../shared/records/admin.css';
import { useUserQuery } from './api';
import { UserForm } from './UserForm';

export default function UserFormPage() {
  const params = useParams();
  const id = Number(params.id ?? 0) || 0;
  const record = useUserQuery(id, { skip: !id });
  const goTo = useStaffGoTo();
  const { done, leaving } = useSaveAndReturn(adminPaths.users);
  return (
    <FormShell
      title={adminMsg.userFormTitle}
      loading={!!id && record.isLoading}
      error={!!id && record.isError ? record.error : undefined}
      onRetry={() => void record.refetch()}
    >
      {(!id || record.data) && (
        <UserForm
          key={record.data?.id ?? 'new'}
          record={record.data}
          profile={false}
          onSaved={() => done()}
          onBack={() => goTo(adminPaths.users)}
          disabled={leaving}
        />
      )}
    </FormShell>
  );
}
