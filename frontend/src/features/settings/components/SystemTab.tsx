/**
 * Tab Sistema (spec 3 sections 2 and 4): queue open/closed, check-in open/closed and
 * freelancers (saved with the form), tolerance on/off (saved at once, POST
 * /api/settings/toggle-tolerance) and the queue reset (POST /api/queue/reset) with its confirm
 * dialog, 'Resetando fila...' while it runs and 'Fila resetada'.
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Divider, Form, Switch, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { readApiError } from '../../../shared/apiError';
import { msg, TOAST_SECONDS } from '../../../shared/messages';
import { formatDateTime } from '../../../shared/formatters';
import { useAppDispatch } from '../../../app/store';
import { useCompanyEvents } from '../../../shared/realtime';
import { settingsApi, useResetQueueMutation, useSettingsNextDateQuery, useToggleToleranceMutation } from '../api';
import { sm } from '../messages';

export function SystemTab({
  companyId,
  enableTolerance,
  saveBar,
}: {
  companyId: number;
  enableTolerance: boolean;
  saveBar: ReactNode;
}) {
  const { message, modal } = App.useApp();
  const [tolerance, setTolerance] = useState(enableTolerance);
  const [toggle, toggling] = useToggleToleranceMutation();
  const [reset, resetting] = useResetQueueMutation();
  const next = useSettingsNextDateQuery(companyId, { refetchOnMountOrArgChange: true });
  const dispatch = useAppDispatch();
  // Any change of this company's queue (a join, a reset elsewhere) moves the next date.
  useCompanyEvents(() => dispatch(settingsApi.util.invalidateTags([{ type: 'QueueNextDate', id: companyId }])), {
    companyId,
  });

  async function onTolerance(on: boolean) {
    try {
      const res = await toggle({ companyId, tolerance: on }).unwrap();
      setTolerance(res.enableTolerance);
      void message.success(res.enableTolerance ? sm.toleranceTurnedOn : sm.toleranceTurnedOff, TOAST_SECONDS);
    } catch (e) {
      void message.error(readApiError(e).message, TOAST_SECONDS);
    }
  }

  async function runReset() {
    try {
      await reset(companyId).unwrap();
      void message.success(sm.queueReset, TOAST_SECONDS);
    } catch (e) {
      void message.error(readApiError(e).message, TOAST_SECONDS);
    }
  }

  function confirmReset() {
    modal.confirm({
      title: sm.resetConfirmTitle,
      content: sm.resetConfirmText,
      okText: sm.resetConfirmOk,
      okButtonProps: { danger: true },
      cancelText: sm.cancel,
      onOk: () => {
        void runReset();
      },
    });
  }

  return (
    <div className="st-pane">
      <Typography.Title level={4}>{sm.tabSystemBadge}</Typography.Title>
      <Form.Item name="enableQueueSave" label={sm.queueSwitch} valuePropName="checked" extra={sm.queueHelp}>
        <Switch checkedChildren={sm.queueOpen} unCheckedChildren={sm.queueClosed} />
      </Form.Item>
      <Form.Item name="enableCheckin" label={sm.checkinSwitch} valuePropName="checked">
        <Switch checkedChildren={sm.checkinOpen} unCheckedChildren={sm.checkinClosed} />
      </Form.Item>
      <Form.Item name="enableQueueWithoutScheduling" label={sm.freelancerSwitch} valuePropName="checked">
        <Switch checkedChildren={sm.freelancerOn} unCheckedChildren={sm.freelancerOff} />
      </Form.Item>
      {saveBar}
      <Divider />
      <Form.Item label={sm.toleranceSwitch} htmlFor="st-tolerance" extra={sm.toleranceHelp}>
        <Switch
          id="st-tolerance"
          checked={tolerance}
          loading={toggling.isLoading}
          onChange={(on) => void onTolerance(on)}
          checkedChildren={sm.toleranceOn}
          unCheckedChildren={sm.toleranceOff}
        />
      </Form.Item>
      <Divider />
      <div className="st-next-date" aria-live="polite">
        <Typography.Text strong>{sm.nextDateTitle}: </Typography.Text>
        <span data-testid="next-date">
          {next.data
            ? next.data.label
              ? sm.nextDate(next.data.label, next.data.time ?? null)
              : next.data.plannedAt
                ? sm.nextDateNone
                : sm.nextDateNotPlanned
            : next.isError
              ? readApiError(next.error).message
              : msg.loading}
        </span>
        {next.data?.plannedAt && <div className="st-help">{sm.nextDatePlanned(formatDateTime(next.data.plannedAt))}</div>}
        <div className="st-help">{sm.nextDateHelp}</div>
      </div>
      <Button danger icon={<ReloadOutlined aria-hidden />} loading={resetting.isLoading} onClick={confirmReset}>
        {resetting.isLoading ? sm.resettingQueue : sm.resetQueue}
      </Button>
    </div>
  );
}
