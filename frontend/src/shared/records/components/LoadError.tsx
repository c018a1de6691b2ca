import { Alert, Button } from 'antd';
import { msg } from '../../../shared/messages';
import { adminMsg } from '../messages';

/** A list or record that could not be loaded, with a retry button. */
export function LoadError({ onRetry, text = adminMsg.loadError }: { onRetry: () => void; text?: string }) {
  return (
    <Alert
      className="a-notice"
      type="error"
      showIcon
      title={text}
      action={
        <Button size="small" onClick={onRetry}>
          {msg.retry}
        </Button>
      }
    />
  );
}
