/** Hooks the administration screens share. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useStaffGoTo } from '../../features/auth/session';
import { readApiError } from '../../shared/apiError';
import { saveErrorText, splitFieldErrors } from './serverErrors';
import { useStaffSessionQuery, type StaffSession } from '../../features/auth/api';
import { TOAST_SECONDS } from '../../shared/messages';
import { adminMsg, SAVE_REDIRECT_MS } from './messages';

/** The staff session (the guard has already loaded it). */
export function useSession(): StaffSession | null {
  return useStaffSessionQuery().data ?? null;
}

/** `value`, updated `delay` ms after it stops changing. */
export function useDebounced<T>(value: T, delay = 300): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setOut(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return out;
}

/**
 * After a successful save: 'Cadastro realizado com sucesso', then back to the list after
 * 2.5 s (spec 1 sections 4 and 9). Leaving the page earlier cancels the redirect.
 */
export function useSaveAndReturn(listPath: string): { done: (text?: string) => void; leaving: boolean } {
  const { message } = App.useApp();
  const goTo = useStaffGoTo();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [leaving, setLeaving] = useState(false);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const done = useCallback(
    (text: string = adminMsg.saved) => {
      void message.success(text, TOAST_SECONDS);
      setLeaving(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => goTo(listPath), SAVE_REDIRECT_MS);
    },
    [message, goTo, listPath],
  );
  return { done, leaving };
}

/** Page, search and company filter of a list screen; a new search or filter goes back to page 1. */
export function useListState() {
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [companyId, setCompany] = useState<number | null>(null);
  const search = useDebounced(searchText.trim());
  const [lastSearch, setLastSearch] = useState(search);
  if (search !== lastSearch) {
    setLastSearch(search);
    setPage(1);
  }
  const setCompanyId = useCallback((id: number | null) => {
    setCompany(id);
    setPage(1);
  }, []);
  return { page, setPage, searchText, setSearchText, search, companyId, setCompanyId };
}

/**
 * Shows a failed save: a 422's field messages go onto the form's fields (and the first of them
 * is scrolled into view); anything else is a toast 'Erro ao Cadastrar: <message>'. What was
 * typed stays in the form.
 */
export function useSaveError(form: FormInstance, fields: readonly string[], rename?: Record<string, string>) {
  const { message } = App.useApp();
  return useCallback(
    (e: unknown, prefix?: (text: string) => string) => {
      const err = readApiError(e);
      const show = (text: string) => void message.error(prefix ? prefix(text) : saveErrorText({ ...err, message: text }), TOAST_SECONDS);
      if (err.statusCode === 422 && Object.keys(err.fields).length > 0) {
        const { onForm, elsewhere } = splitFieldErrors(err.fields, fields, rename);
        if (onForm.length) {
          form.setFields(onForm);
          form.scrollToField(onForm[0].name, { block: 'center' });
        }
        show(elsewhere[0] ?? onForm[0]?.errors[0] ?? err.message);
        return;
      }
      show(err.message);
    },
    [form, message, fields, rename],
  );
}
