/**
 * The driver app's toasts: a tiny store (no antd on the phone). `toast.error(text)` shows a
 * message for 5 s by default.
 */
import { TOAST_SECONDS } from '../../shared/messages';

export type ToastKind = 'error' | 'success' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

type Listener = () => void;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

export function dismissToast(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Drops every toast: a new page, or an action that succeeded, starts clean. */
export function clearToasts(): void {
  if (items.length === 0) return;
  items = [];
  emit();
}

function show(kind: ToastKind, text: string, seconds: number = TOAST_SECONDS): number {
  const id = nextId++;
  // The same text twice in a row replaces the first (a driver tapping twice).
  items = [...items.filter((t) => t.text !== text), { id, kind, text }];
  emit();
  setTimeout(() => dismissToast(id), seconds * 1000);
  return id;
}

export const toast = {
  error: (text: string, seconds?: number) => show('error', text, seconds),
  success: (text: string, seconds?: number) => show('success', text, seconds),
  info: (text: string, seconds?: number) => show('info', text, seconds),
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): ToastItem[] {
  return items;
}
