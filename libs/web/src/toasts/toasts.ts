/**
 * Toasts without react-toastify in the first load: `toast.success(...)` / `toast.error(...)` load
 * it (shared once on the page) on the first toast, and AppProviders mounts the one container only
 * then. react-toastify queues a toast shown before its container mounts, so none is lost.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  /** One toast however many times it is asked for while it shows (e.g. 'unexpected-error'). */
  toastId?: string;
}

let requested = false;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: has any toast been asked for on this page yet? */
export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastsRequested(): boolean {
  return requested;
}

function show(kind: ToastKind, message: string, options?: ToastOptions): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void import('react-toastify').then(({ toast: toastify }) => {
    toastify[kind](message, options);
  });
}

/** The page's toasts (SPEC §4/§8): import this, never react-toastify itself. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
