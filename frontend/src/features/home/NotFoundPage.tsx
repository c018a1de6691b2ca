import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { loginPagePath } from '../../app/session';
import { msg } from '../../shared/messages';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="patio-fatal">
      <Typography.Title level={3}>{msg.notFoundTitle}</Typography.Title>
      <Button type="primary" onClick={() => void navigate(loginPagePath())}>
        {msg.notFoundBack}
      </Button>
    </div>
  );
}
