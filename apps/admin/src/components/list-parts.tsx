/**
 * What the customers' screens share (customers, subscribers, in-store receipts, reviews): a gate by permission, a
 * list's heading with its count, its filters (text and one state, applied as they change), a dialog that asks before
 * acting, and the end of a dialog's form.
 */
import type { ReactNode } from 'react';
import { staffMay, type StaffPermission } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useSession } from '../api/session';
import { useI18n } from '../lib/i18n';
import type { PluralKey } from '../messages/en';
import { ClearFilters, LiveFilterForm, LiveSearch } from './live-filters';
import { RoleGate } from './page-parts';
import { Button, ChoiceSelect, Dialog, DialogButtons, ErrorNotice } from './ui';

/** A screen for the roles with `permission` (the API refuses the others with 403 anyway). */
export function PermissionGate({ permission, children }: { permission: StaffPermission; children: ReactNode }) {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, permission))}>{role && children}</RoleGate>;
}

/** Whether the signed-in member has `permission` (to show an action). */
export function useMay(permission: StaffPermission) {
  const role = useSession().data?.staff.role;
  return Boolean(role && staffMay(role, permission));
}

/** The list's title with how many match, and what the page offers beside it. */
export function ListHeading({
  title,
  count,
  countKey,
  children,
}: {
  title: string;
  count: number | undefined;
  countKey: PluralKey;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap items-baseline gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {count !== undefined && <span className="text-mist">{t(countKey, { count: count })}</span>}
      {children && <div className="ms-auto flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

export type ListSearch<State extends string> = { q?: string | undefined; state?: State | undefined; page?: number | undefined };

/**
 * A list's filters, applied to the address as they change: the text once typing pauses (Enter at once), a choice at
 * once, each back to the first page. Further filters (`children`) apply theirs with `change`; Clear empties them all.
 */
export function ListFilters<State extends string, Search extends ListSearch<State>>({
  search,
  placeholder,
  states,
  stateLabel,
  anyState,
  onApply,
  children,
}: {
  search: Search;
  placeholder: string;
  states: readonly { value: State; label: string }[];
  stateLabel: string;
  anyState: string;
  /** Where the next address goes: made from the one the router holds then, so two changes in a row both stay. */
  onApply(update: (previous: Search) => Partial<Search>): void;
  children?(change: (changes: Partial<Search>) => void): ReactNode;
}) {
  const change = (changes: Partial<Search>) => onApply((previous) => ({ ...previous, ...changes, page: undefined }));
  return (
    <LiveFilterForm className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <LiveSearch q={search.q} placeholder={placeholder} onSearch={(q) => change({ q } as Partial<Search>)} />
      <ChoiceSelect
        label={stateLabel}
        name="state"
        value={search.state ?? ''}
        onChange={(event) => change({ state: (event.target.value || undefined) as State | undefined } as Partial<Search>)}
        first={anyState}
        choices={[...states]}
      />
      {children?.(change)}
      <ClearFilters className="col-span-2 md:col-span-1" onClear={() => onApply(() => ({}))} />
    </LiveFilterForm>
  );
}

/** Asks before an action that matters (deactivating an account, unsubscribing): what it does, then go or go back. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  explanation,
  confirm,
  danger = false,
  busy,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  explanation: ReactNode;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  error: unknown;
  onConfirm(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <div className="flex flex-col gap-4">
        <p className="text-sm">{explanation}</p>
        <ErrorNotice error={error} />
        <DialogButtons onBack={() => onOpenChange(false)}>
          <Button variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </DialogButtons>
      </div>
    </Dialog>
  );
}

/** A dialog form's end: the API's refusal (unless it names fields, shown under them), then Go back and submit. */
export function DialogFormEnd({ error, busy, submit, onCancel }: { error: unknown; busy: boolean; submit: string; onCancel(): void }) {
  return (
    <>
      {error instanceof ApiFailure && Object.keys(error.fields).length > 0 ? null : <ErrorNotice error={error} />}
      <DialogButtons onBack={onCancel}>
        <Button variant="primary" type="submit" disabled={busy}>
          {submit}
        </Button>
      </DialogButtons>
    </>
  );
}
