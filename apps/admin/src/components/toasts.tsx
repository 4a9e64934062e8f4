/**
 * What an action did, said once in a single polite live region (role="status"): screen readers announce it, and on
 * screen it stays a few seconds in the corner. Errors are not toasts: they stay inline, next to what failed. A toast
 * may offer one action (Undo, `useUndoToast`), which closes it.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { ignoreShownError } from '../api/row-action';
import { useI18n } from '../lib/i18n';

type Tone = 'success' | 'info';
type ToastAction = { label: string; run(): void };
type Toast = { id: number; text: ReactNode; tone: Tone; action: ToastAction | undefined };
/** `shownForMs`: how long it stays (an Undo the API allows for a minute stays that minute). */
type ShowToast = (text: ReactNode, tone?: Tone, action?: ToastAction, shownForMs?: number) => void;

const ToastContext = createContext<ShowToast | null>(null);
const SHOWN_FOR_MS = 10_000;
const AT_MOST = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const lastId = useRef(0);
  const hide = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  const show = useCallback<ShowToast>(
    (text, tone = 'success', action, shownForMs = SHOWN_FOR_MS) => {
      const id = ++lastId.current;
      setToasts((shown) => [...shown.slice(1 - AT_MOST), { id, text, tone, action }]);
      window.setTimeout(() => hide(id), shownForMs);
    },
    [hide],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div role="status" aria-live="polite" className="no-print pointer-events-none fixed bottom-4 end-4 z-50 flex max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <p
            key={toast.id}
            className={`flex items-center gap-3 rounded-md border bg-smoke px-4 py-3 text-sm shadow-xl ${toast.tone === 'success' ? 'border-success text-cream' : 'border-gold/60 text-gold-bright'}`}
          >
            <span>{toast.text}</span>
            {toast.action && (
              <button
                type="button"
                className="pointer-events-auto ms-auto shrink-0 rounded px-2 py-1 font-semibold text-gold underline underline-offset-2 hover:text-gold-bright"
                onClick={() => {
                  hide(toast.id);
                  toast.action!.run();
                }}
              >
                {toast.action.label}
              </button>
            )}
          </p>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return show;
}

/**
 * Says what a reversible action did and offers Undo, which sends `undo` (the inverse call, under the same rights) and
 * says so once it is done ("Undone.", or `done` of what the call answered); a refused undo shows where its screen shows
 * that call's errors, like any other. `shownForMs`: as long as the undo is allowed, if that is not the usual while.
 */
export function useUndoToast() {
  const { t } = useI18n();
  const toast = useToast();
  return useCallback(
    <T,>(text: ReactNode, undo: () => Promise<T>, { done, shownForMs }: { done?: (answer: T) => ReactNode; shownForMs?: number } = {}) =>
      toast(
        text,
        'success',
        { label: t('undo'), run: () => void undo().then((answer) => toast(done ? done(answer) : t('undone')), ignoreShownError) },
        shownForMs,
      ),
    [t, toast],
  );
}
