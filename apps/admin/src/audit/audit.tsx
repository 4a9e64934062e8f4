/** The owner's audit log: every staff write, filterable by who, what and when, with the values that changed. */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, type FormEvent } from 'react';
import { AUDIT_ACTIONS, staffMay, type AuditEntry } from '@attar/contract';
import { useSession } from '../api/session';
import { useMembers } from '../staff/api';
import { AUDIT_PAGE_SIZE, useAudit } from './api';
import { DataTable } from '../components/data-table';
import { DateField } from '../components/date-fields';
import { RoleGate } from '../components/page-parts';
import { Button, Field, Ltr, Select } from '../components/ui';
import { changedFields } from './audit-diff';
import { AUDIT_FIELD_LABELS, auditActionKey, recordedValue } from './audit-words';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { AuditSearch } from '../lib/search';

const auditRoute = getRouteApi('/frame/audit');
const column = createColumnHelper<AuditEntry>();

export function AuditPage() {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'readAudit'))}>{role && <AuditLog />}</RoleGate>;
}

function AuditLog() {
  const { t } = useI18n();
  const search = auditRoute.useSearch();
  const navigate = useNavigate({ from: '/audit' });
  const audit = useAudit(search);
  const members = useMembers();
  const columns = useAuditColumns();

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const staff = text('staff');
    const filters: AuditSearch = {
      staff: staff ? Number(staff) : undefined,
      entity: text('entity'),
      entity_id: text('entity_id'),
      action: text('action'),
      from: text('from'),
      to: text('to'),
    };
    void navigate({ search: filters });
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('auditTitle')}</h1>
      <form
        // A new address starts the form afresh from it; so do the members loading (the "who" choices).
        key={`${JSON.stringify(search)}:${members.isSuccess}`}
        onSubmit={filter}
        role="search"
        aria-label={t('filters')}
        className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6"
      >
        <Select label={t('auditWho')} name="staff" defaultValue={search.staff ?? ''}>
          <option value="">{t('anyStaff')}</option>
          {members.data?.results.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </Select>
        <Select label={t('auditWhat')} name="action" defaultValue={search.action ?? ''}>
          <option value="">{t('anyAction')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(auditActionKey(action)!)}
            </option>
          ))}
        </Select>
        <Field label={t('auditEntity')} name="entity" ltr placeholder="order" defaultValue={search.entity ?? ''} />
        <Field label={t('auditEntityId')} name="entity_id" ltr defaultValue={search.entity_id ?? ''} />
        <DateField label={t('dateFrom')} name="from" defaultValue={search.from ?? ''} />
        <DateField label={t('dateTo')} name="to" defaultValue={search.to ?? ''} />
        <div className="col-span-2 flex items-end gap-2 md:col-span-3 xl:col-span-6">
          <Button variant="primary" type="submit">
            {t('filter')}
          </Button>
          <Button onClick={() => void navigate({ search: {} })}>{t('clearFilters')}</Button>
        </div>
      </form>
      <DataTable
        label={t('auditTitle')}
        tableId="audit"
        columns={columns}
        rows={audit.data?.results}
        empty={t('noEntries')}
        error={audit.error}
        onRetry={() => void audit.refetch()}
        retrying={audit.isFetching}
        paging={{
          page: search.page ?? 1,
          pageSize: AUDIT_PAGE_SIZE,
          count: audit.data?.count,
          onPage: (page) => void navigate({ search: (previous) => ({ ...previous, page }) }),
        }}
      />
    </div>
  );
}

/** A value as one line, cut short past this many characters (the whole of it one click away). */
const LONG_VALUE = 120;

function AuditValue({ field, value }: { field: string; value: unknown }) {
  const { t, locale } = useI18n();
  const text = recordedValue(t, locale, field, value);
  if (text.length <= LONG_VALUE) return <>{text}</>;
  return (
    <details className="inline">
      <summary className="cursor-pointer">
        {text.slice(0, LONG_VALUE)}… <span className="text-gold">{t('showAll')}</span>
      </summary>
      <span className="whitespace-pre-wrap">{text}</span>
    </details>
  );
}

/**
 * An entry's columns: when, who, the action in words (its recorded name beneath, for searching), what it changed, and
 * the changes as "field: before → after", fields named as staff call them, long values cut short. Who, what it
 * changed and the changes may be hidden.
 */
function useAuditColumns() {
  const { t, locale } = useI18n();
  return useMemo(
    () => [
      column.accessor('at', {
        header: t('auditWhen'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'whitespace-nowrap' },
      }),
      column.accessor((entry) => entry.staff?.name ?? t('nobody'), { id: 'staff', header: t('auditWho'), meta: { optional: true } }),
      column.accessor('action', {
        header: t('auditWhat'),
        cell: (info) => {
          const action = auditActionKey(info.getValue());
          return (
            <>
              {action && <span className="block">{t(action)}</span>}
              <span className="text-xs text-mist">
                <Ltr>{info.getValue()}</Ltr>
              </span>
            </>
          );
        },
      }),
      column.accessor('entity', {
        header: t('auditEntity'),
        cell: (info) => (
          <Ltr>
            {info.getValue()} #{info.row.original.entity_id}
          </Ltr>
        ),
        meta: { optional: true },
      }),
      column.display({
        id: 'changes',
        header: t('auditChanges'),
        cell: (info) => <AuditChanges entry={info.row.original} />,
        meta: { optional: true },
      }),
    ],
    [t, locale],
  );
}

function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useI18n();
  return (
    <dl className="flex max-w-xl flex-col gap-0.5 text-xs">
      {changedFields(entry.before, entry.after).map((change) => {
        const label = AUDIT_FIELD_LABELS[change.field];
        return (
          <div key={change.field} className="flex flex-wrap gap-x-2">
            <dt className="text-mist">{label ? t(label) : <Ltr>{change.field}</Ltr>}</dt>
            <dd dir="auto" className="font-mono break-all">
              {change.before !== undefined && (
                <>
                  <del className="text-danger/80">
                    <AuditValue field={change.field} value={change.before} />
                  </del>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> {t('to')} </span>
                </>
              )}
              <ins className="text-emerald-300 no-underline">
                <AuditValue field={change.field} value={change.after} />
              </ins>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
