'use client';
/**
 * What the order card's return dialog uses (the cancel is a ConfirmDialog): the dialog opens as a modal at once; its main action changes
 * the order, shows a toast, closes the dialog and hands the changed order to the card; a failure goes to the shared
 * error handler and leaves the dialog open to try again.
 */
import { useEffect, useRef, useState } from 'react';
import type { Order } from '@attar/contract';
import { useApp } from '../app/app-provider';

/** The look of the account's dialogs (width added by each). */
export const ORDER_DIALOG = 'm-auto rounded-2xl border border-line bg-night p-6 text-cream shadow-2xl backdrop:bg-black/70';

export function useOrderDialog(onDone: (order: Order) => void) {
  const { showToast, handleError } = useApp();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  async function run(action: () => Promise<Order>, successText: string) {
    setBusy(true);
    try {
      const changed = await action();
      showToast('success', successText);
      dialog.current?.close();
      onDone(changed);
    } catch (error) {
      handleError(error);
      setBusy(false);
    }
  }

  return { dialog, busy, run, close: () => dialog.current?.close() };
}
