import { createContext, useContext } from 'react';

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastInput {
  kind: ToastKind;
  text: string;
  /** A small picture beside the text (an alert's thumbnail). */
  imageUrl?: string | null;
  /** A link to where the outcome can be followed (the toast sits outside the router: navigate via onNavigate). */
  action?: { label: string; href: string; onNavigate?(): void };
}
export interface Toast extends ToastInput {
  id: number;
}

export const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** Shows a notification for NOTIFICATION_DISPLAY_MS (spec §9). */
export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return show;
}
