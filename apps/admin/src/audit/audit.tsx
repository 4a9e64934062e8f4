/** The owner's audit log: every staff write, filterable by who, what and when, with the values that changed. */
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { AUDIT_ACTIONS, staffMay, type AuditEntry } from '@attar/contract';
import { useSession } from '../api/session';
import { useMembers } from '../staff/api';
import { AUDIT_PAGE_SIZE, useAudit } from './api';
import { RoleGate } from '../components/page-parts';
import { Button, ErrorNotice, Field, HeaderRow, Loading, Ltr, Pager, Select } from '../components/ui';
import { changedFields } from './audit-diff';
import { AUDIT_FIELD_LABELS, auditActionKey, recordedValue } from './audit-words';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';
import type { AuditSearch } from '../lib/search';

const auditRoute = getRouteApi('/frame/audit');

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
  const pages = Math.max(1, Math.ceil((audit.data?.count ?? 0) / AUDIT_PAGE_SIZE));

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
        <Field label={t('dateFrom')} name="from" type="date" defaultValue={search.from ?? ''} />
        <Field label={t('dateTo')} name="to" type="date" defaultValue={search.to ?? ''} />
        <div className="col-span-2 flex items-end gap-2 md:col-span-3 xl:col-span-6">
          <Button variant="primary" type="submit">
            {t('filter')}
          </Button>
          <Button onClick={() => void navigate({ search: {} })}>{t('clearFilters')}</Button>
        </div>
      </form>
      <ErrorNotice error={audit.error} />
      {audit.isPending && <Loading />}
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-sm">
          <thead className="bg-night text-mist">
            <HeaderRow labels={[t('auditWhen'), t('auditWho'), t('auditWhat'), t('auditEntity'), t('auditChanges')]} />
          </thead>
          <tbody>
            {audit.data?.results.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
      {audit.data?.count === 0 && <p className="text-mist">{t('noEntries')}</p>}
      <Pager page={search.page ?? 1} pages={pages} onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page }) })} />
    </div>
  );
}

/** A value as one line, cut short past this many characters (the whole of it one click away). */
const LONG_VALUE = 120;

function AuditValue({ field, value }: { field: string; value: unknown }) {
  const { t, locale } = useI18n();
  const text = recordedValue(locale, field, value);
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
 * One entry: the action in words (its recorded name beneath, for searching), and its changes as "field: before →
 * after", fields named as staff call them, long values cut short.
 */
function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, locale } = useI18n();
  const action = auditActionKey(entry.action);
  return (
    <tr className="border-t border-line align-top">
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(locale, entry.at)}</td>
      <td className="px-3 py-2">{entry.staff?.name ?? t('nobody')}</td>
      <td className="px-3 py-2">
        {action && <span className="block">{t(action)}</span>}
        <span className="text-xs text-mist">
          <Ltr>{entry.action}</Ltr>
        </span>
      </td>
      <td className="px-3 py-2">
        <Ltr>
          {entry.entity} #{entry.entity_id}
        </Ltr>
      </td>
      <td className="px-3 py-2">
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
      </td>
    </tr>
  );
}
