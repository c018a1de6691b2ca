import { useCallback } from 'react';
import { api } from '../app/api';
import { useAppDispatch, type AppDispatch } from '../app/store';
import { useGoTo } from '../app/navigation';
import { isDriverPath, paths } from '../app/paths';
import { driverApi, useDriverLogoutMutation, useDriverSessionQuery } from './api';
import { forgetDriverData } from './pwa/register';

/** Reads the driver session afresh (after a sign-in), so the guard finds it at once. */
export async function refreshDriverSession(dispatch: AppDispatch): Promise<void> {
  const sub = dispatch(driverApi.endpoints.driverSession.initiate(undefined, { forceRefetch: true }));
  try {
    await sub;
  } finally {
    sub.unsubscribe();
  }
}

/**
 * The yard's time zone (the company's setting): every time the phone shows is the yard's, as
 * the prediction, the TV and the panel are, not the phone's; null until the session is read
 * (the formatters then use São Paulo's).
 */
export function useYardZone(): string | null {
  const { data } = useDriverSessionQuery();
  return data?.company.timeZone ?? null;
}

/** Navigation of the driver app (a staff path is a full page load). */
export function useDriverGoTo() {
  return useGoTo(isDriverPath);
}

/** 'Sair': POST /api/auth/app/logout, forget cached data, back to /app/login. */
export function useDriverLogout(): () => Promise<void> {
  const [logout] = useDriverLogoutMutation();
  const dispatch = useAppDispatch();
  const goTo = useDriverGoTo();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch {
      // Offline: the cookie may outlive this, but the phone still leaves the session screen.
    }
    forgetDriverData();
    goTo(paths.driverLogin, { replace: true });
    dispatch(api.util.resetApiState());
  }, [logout, dispatch, goTo]);
}

const COMPANY_KEY = 'patio.driverCompany';

/** The company the driver last chose in the chooser (hosts that match no company). */
export function rememberedCompany(): number | null {
  try {
    const v = Number(localStorage.getItem(COMPANY_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export function rememberCompany(id: number): void {
  try {
    localStorage.setItem(COMPANY_KEY, String(id));
  } catch {
    // Storage unavailable: the driver chooses again next time.
  }
}
