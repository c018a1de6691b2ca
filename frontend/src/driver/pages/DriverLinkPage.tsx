import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useDriverLinkQuery } from '../api';
import { DriverLoginScreen } from '../components/DriverLoginScreen';
import { toast } from '../ui/toast';
import { readApiError } from '../../shared/apiError';
import { isoToBirthDate } from '../../shared/masks';
import { msg } from '../../shared/messages';
import { Spinner } from '../../shared/ui/Spinner';

/** /driver-login/:token: the login pre-filled from a server-issued link. */
export default function DriverLinkPage() {
  const { token = '' } = useParams();
  const link = useDriverLinkQuery(token, { skip: !token });
  const problem = link.isError
    ? readApiError(link.error).code === 'network'
      ? msg.connectionError
      : msg.linkInvalid
    : !token
      ? msg.linkInvalid
      : undefined;

  useEffect(() => {
    if (problem) toast.error(problem);
  }, [problem]);

  if (link.isLoading) return <Spinner />;
  if (link.data) {
    return (
      <DriverLoginScreen
        key={token}
        initialCpf={link.data.cpf}
        initialBirthDate={isoToBirthDate(link.data.birthDate)}
        linkCompanyId={link.data.company.id}
      />
    );
  }
  return <DriverLoginScreen notice={problem} />;
}
