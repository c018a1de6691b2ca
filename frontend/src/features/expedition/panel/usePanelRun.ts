import { App } from 'antd';
import { readApiError } from '../../../shared/apiError';
import { yardMsg } from '../texts';

/** How the panel runs an action and asks before one. */
export interface PanelRun {
  /** Runs an action; the server's message on failure (or `fallback` without one). */
  run: (action: () => Promise<unknown>, success?: string, fallback?: string) => Promise<void>;
  /** The yes/no confirmation, running `onOk` on yes. */
  confirm: (title: string, onOk: () => Promise<unknown>) => void;
}

/** `run` and `confirm` for the panel's parts; `onDone` after each action that succeeded. */
export function usePanelRun(onDone: () => void): PanelRun {
  const { message, modal } = App.useApp();
  const run = async (action: () => Promise<unknown>, success?: string, fallback?: string) => {
    try {
      await action();
      if (success) void message.success(success);
      onDone();
    } catch (e) {
      const err = readApiError(e);
      void message.error(err.message || fallback || '');
    }
  };
  const confirm = (title: string, onOk: () => Promise<unknown>) => {
    modal.confirm({ title, okText: yardMsg.yes, cancelText: yardMsg.no, onOk });
  };
  return { run, confirm };
}
