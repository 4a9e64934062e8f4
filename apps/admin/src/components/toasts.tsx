/**
 * What an action did, said once in a single polite live region (role="status"): screen readers announce it, and on
 * screen it stays a few seconds in the corner. Errors are not toasts: they stay inline, next to what failed.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

type Tone = 'success' | 'info';
type Toast = { id: number; text: ReactNode; tone: Tone };
type ShowToast = (text: ReactNode, tone?: Tone) => void;

const ToastContext = createContext<ShowToast | null>(null);
const SHOWN_FOR_MS = 10_000;
const AT_MOST = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const lastId = useRef(0);
  const show = useCallback<ShowToast>((text, tone = 'success') => {
    const id = ++lastId.current;
    setToasts((shown) => [...shown.slice(1 - AT_MOST), { id, text, tone }]);
    window.setTimeout(() => setToasts((shown) => shown.filter((toast) => toast.id !== id)), SHOWN_FOR_MS);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div role="status" aria-live="polite" className="no-print pointer-events-none fixed bottom-4 end-4 z-50 flex max-w-sm flex-col gap-2">
        {toasts.map((toast) => (
          <p
            key={toast.id}
            className={`rounded-md border bg-smoke px-4 py-3 text-sm shadow-xl ${toast.tone === 'success' ? 'border-success text-cream' : 'border-gold/60 text-gold-bright'}`}
          >
            {toast.text}
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
