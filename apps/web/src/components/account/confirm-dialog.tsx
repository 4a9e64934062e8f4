'use client';
/**
 * A modal question before something that cannot be undone (deleting a saved address, cancelling an order): its title,
 * what happens, the action and a way out. Escape or the way-out button closes it; the action runs `onConfirm` and
 * closes it once done; a failure goes to the shared error handler and leaves it open to try again.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useApp } from '../app/app-provider';
import { ORDER_DIALOG } from './order-dialog';

/** The look of an action that destroys something (delete an address, delete the account). */
export const DANGER_BUTTON = 'btn-outline border-danger/60 text-danger hover:border-danger hover:bg-danger/10';

type ConfirmDialogProps = {
  title: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
};

export function ConfirmDialog({ title, confirmLabel, cancelLabel, onConfirm, onClose, children }: ConfirmDialogProps) {
  const { handleError } = useApp();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      dialog.current?.close();
    } catch (error) {
      handleError(error);
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className={`${ORDER_DIALOG} w-[min(94vw,28rem)]`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div id={`${id}-text`} className="mt-3 text-sm text-mist">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={() => dialog.current?.close()} className="btn-outline h-11">
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={busy}
          aria-busy={busy || undefined}
          className={`${DANGER_BUTTON} h-11 disabled:opacity-60`}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
