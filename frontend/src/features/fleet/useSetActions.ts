/** The sets screen's row actions: unbind, delete and sign in as the driver, each confirmed. */
import { useRef } from 'react';
import { App } from 'antd';
import { useDeleteDriverMutation, useIssueDriverLinkMutation } from './driversApi';
import { useDeleteTruckMutation } from './truckApi';
import { adminMsg } from '../../shared/records/messages';
import { readApiError } from '../../shared/apiError';
import { TOAST_SECONDS } from '../../shared/messages';
import { useUnbindMutation, type DriverGroup } from './setsApi';
import { RELOAD_AFTER_UNBIND_MS, setsMsg } from './setsText';

export interface SetActions {
  /** The removal's words, as the server names it ('Desvincular' or 'Excluir'). */
  removalTitle: string;
  confirmUnbind: (what: string, body: { driver?: { id: number }; truck?: { id: number } }) => unknown;
  confirmDelete: (what: string, remove: () => Promise<unknown>) => unknown;
  deleteDriver: (id: number) => Promise<unknown>;
  deleteTruck: (id: number) => Promise<unknown>;
  logInAs: (row: DriverGroup) => Promise<void>;
}

export function useSetActions(removalTitle: string, refetch: () => unknown): SetActions {
  const { message, modal } = App.useApp();
  const [unbind] = useUnbindMutation();
  const [deleteDriverCall] = useDeleteDriverMutation();
  const [deleteTruckCall] = useDeleteTruckMutation();
  const [driverLink] = useIssueDriverLinkMutation();
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** 'Desvincular' (Transportadora) or 'Excluir' (others): unbinds from the shipping company. */
  const confirmUnbind = (what: string, body: { driver?: { id: number }; truck?: { id: number } }) =>
    modal.confirm({
      title: setsMsg.removeQuestion(removalTitle, what),
      content: setsMsg.unbindWarning,
      okText: removalTitle,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const out = await unbind(body).unwrap();
          void message.success(out.message, TOAST_SECONDS);
          if (reload.current) clearTimeout(reload.current);
          reload.current = setTimeout(() => void refetch(), RELOAD_AFTER_UNBIND_MS);
        } catch (e) {
          const err = readApiError(e);
          void message.error(`${setsMsg.unbindErrorPrefix}${err.statusCode}`, TOAST_SECONDS);
        }
      },
    });

  /** 'Excluir' (administrators): deletes the driver or the truck; the server refuses one in use. */
  const confirmDelete = (what: string, remove: () => Promise<unknown>) =>
    modal.confirm({
      title: setsMsg.removeQuestion(removalTitle, what),
      content: adminMsg.deleteWarning,
      okText: removalTitle,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          await remove();
          void message.success(adminMsg.deleted, TOAST_SECONDS);
          void refetch();
        } catch (e) {
          void message.error(readApiError(e).message, TOAST_SECONDS);
        }
      },
    });

  const logInAs = async (row: DriverGroup) => {
    try {
      const link = await driverLink(row.id).unwrap();
      window.open(link.path, '_blank', 'noopener');
    } catch {
      void message.error(setsMsg.driverLinkError, TOAST_SECONDS);
    }
  };

  return {
    removalTitle,
    confirmUnbind,
    confirmDelete,
    deleteDriver: (id) => deleteDriverCall(id).unwrap(),
    deleteTruck: (id) => deleteTruckCall(id).unwrap(),
    logInAs,
  };
}
