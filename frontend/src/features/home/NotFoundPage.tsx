import { Button, Typography } from 'antd';
import { useStaffSessionQuery } from '../auth/api';
import { useStaffGoTo } from '../auth/session';
import { loginPagePath } from '../../app/session';
import { msg } from '../../shared/messages';

/** An unknown path, or (with `forbidden`) a page this role may not open. A signed-in user goes
 * back to their landing page, never to a sign-in form. */
export default function NotFoundPage({ forbidden = false }: { forbidden?: boolean }) {
  const { data: session } = useStaffSessionQuery();
  const goTo = useStaffGoTo();
  const home = session?.landing || loginPagePath();
  return (
    <div className="patio-fatal" role={forbidden ? 'alert' : undefined}>
      <Typography.Title level={3}>{forbidden ? msg.forbidden : msg.notFoundTitle}</Typography.Title>
      <Button type="primary" onClick={() => goTo(home)}>
        {msg.notFoundBack}
      </Button>
    </div>
  );
}
