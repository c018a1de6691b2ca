import { App, Button, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { readApiError } from '../../../shared/apiError';
import { TOAST_SECONDS } from '../../../shared/messages';
import { adminMsg } from '../messages';
import { deleteErrorText } from '../serverErrors';

/**
 * The delete action of a list row: the confirmation modal ('Excluir ...?', 'Esta é uma ação
 * permanente!'), then 'Excluido com sucesso!' or the server's refusal (e.g. a customer with
 * orders).
 */
export function DeleteButton({
  what,
  onDelete,
}: {
  /** Shown after 'Excluir': 'a empresa Demo Agro'. */
  what: string;
  onDelete: () => Promise<unknown>;
}) {
  const { modal, message } = App.useApp();
  const label = adminMsg.deleteTitle(what);
  return (
    <Tooltip title={adminMsg.remove}>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={label}
        onClick={() =>
          modal.confirm({
            title: label,
            content: adminMsg.deleteWarning,
            okText: adminMsg.remove,
            okButtonProps: { danger: true },
            cancelText: adminMsg.cancel,
            onOk: async () => {
              try {
                await onDelete();
                void message.success(adminMsg.deleted, TOAST_SECONDS);
              } catch (e) {
                void message.error(deleteErrorText(readApiError(e)), TOAST_SECONDS);
              }
            },
          })
        }
      />
    </Tooltip>
  );
}
