import { Typography } from 'antd';
import { useStaffSessionQuery } from '../auth/api';
import { firstName } from '../../shared/formatters';
import { msg } from '../../shared/messages';

/** A small landing page for now: greeting, company and role; later issues replace it. */
export function LandingPage({ note }: { note: string }) {
  const { data: session } = useStaffSessionQuery();
  if (!session) return null;
  return (
    <div className="patio-panel">
      <Typography.Title level={3}>{msg.hello(firstName(session.name))}</Typography.Title>
      <Typography.Paragraph>
        <strong>{msg.landingCompany}:</strong> {session.company?.name ?? msg.landingNoCompany}
      </Typography.Paragraph>
      <Typography.Paragraph>
        <strong>{msg.landingRole}:</strong> {msg.roleLabels[session.role] ?? session.role}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>
    </div>
  );
}
