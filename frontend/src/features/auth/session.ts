import { useCallback } from 'react';
import { api } from '../../app/api';
import { useGoTo } from '../../app/navigation';
import { isDriverPath } from '../../app/paths';
import { loginPagePath } from '../../app/session';
import { useAppDispatch, type AppDispatch } from '../../app/store';
import { authApi, useStaffLogoutMutation } from './api';

const isStaffPath = (p: string) => !isDriverPath(p);

/** Navigation of the staff portal (a driver path is a full page load). */
export function useStaffGoTo() {
  return useGoTo(isStaffPath);
}

/** Reads the staff session afresh (after a sign-in), so the guard finds it at once. */
export async function refreshStaffSession(dispatch: AppDispatch): Promise<void> {
  const sub = dispatch(authApi.endpoints.staffSession.initiate(undefined, { forceRefetch: true }));
  try {
    await sub;
  } finally {
    sub.unsubscribe();
  }
}

/** 'Sair': POST /api/auth/logout, forget cached data, back to the login page that was used. */
export function useStaffLogout(): () => Promise<void> {
  const [logout] = useStaffLogoutMutation();
  const dispatch = useAppDispatch();
  const goTo = useStaffGoTo();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // Offline: leave the signed-in screens anyway.
    }
    goTo(loginPagePath(), { replace: true });
    dispatch(api.util.resetApiState());
  }, [logout, dispatch, goTo]);
}
