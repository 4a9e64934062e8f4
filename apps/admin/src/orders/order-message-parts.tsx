/**
 * The parts of the order page's panels about what the shopper was sent (a cash order's question, decision 0048; a
 * phone order's payment link, decision 0060): the panel (its facts, its buttons, their error), a fact in its list,
 * and a button sending one step of the order.
 */
import type { ReactNode } from 'react';
import type { MessageStep, useOrderAction } from './api';
import { useToast } from '../components/toasts';
import { Button, ErrorNotice, Panel } from '../components/ui';

/** A panel of facts about a message and, when the viewer may act, its buttons, all sending through `step`. */
export function MessagePanel({
  title,
  step,
  actions,
  children,
}: {
  title: string;
  step: ReturnType<typeof useOrderAction>;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      <dl className="flex flex-col gap-1.5">{children}</dl>
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
      <div className="mt-3">
        <ErrorNotice error={step.error} />
      </div>
    </Panel>
  );
}

/** One line of a panel's facts: what it is, and its value at the end. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 text-sm">
      <dt className="text-mist">{label}</dt>
      <dd className="text-end">{children}</dd>
    </div>
  );
}

/** Sends `request` through the panel's `step` (whose error the panel shows once for all its buttons), then says `done`. */
export function MessageStepButton({
  step,
  request,
  done,
  variant,
  children,
}: {
  step: ReturnType<typeof useOrderAction>;
  request: MessageStep;
  done: ReactNode;
  variant?: 'primary';
  children: ReactNode;
}) {
  const toast = useToast();
  return (
    <Button variant={variant} disabled={step.isPending} onClick={() => step.mutate(request, { onSuccess: () => toast(done) })}>
      {children}
    </Button>
  );
}
