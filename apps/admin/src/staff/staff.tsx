/** The owner's staff screen: members and roles, new members with their one-time link, deactivation, new links. */
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { createContext, useContext, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { STAFF_ROLES, StaffMemberCreate, staffMay, type StaffMember, type StaffPasswordLink, type StaffRole } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useSession } from '../api/session';
import { useCreateMember, useMembers, usePasswordLink, usePatchMember, useResetTotp } from './api';
import { DataTable } from '../components/data-table';
import { RoleGate } from '../components/page-parts';
import { useToast, useUndoToast } from '../components/toasts';
import { Button, Dialog, DialogButtons, ErrorNotice, Field, Ltr, Select } from '../components/ui';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';

export function StaffPage() {
  const role = useSession().data?.staff.role;
  return <RoleGate allowed={Boolean(role && staffMay(role, 'manageStaff'))}>{role && <StaffMembers />}</RoleGate>;
}

function RoleOptions() {
  const { t } = useI18n();
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {t(`role_${role}`)}
    </option>
  ));
}

/** A change that waits for the owner's yes: a new role or a deactivation changes what someone may do at once. */
type Asking = { member: StaffMember; change: { role: StaffRole } | { is_active: false } };

/**
 * What a member's row may do. The screen holds the one change under way (its member's row waits and shows its
 * error) and the windows that confirm; the rows' cells read it here, so the columns stay the same from one render to
 * the next.
 */
type MemberActions = {
  patch: ReturnType<typeof usePatchMember>;
  ask(asking: Asking): void;
  reactivate(member: StaffMember): void;
  newLink(member: StaffMember): void;
  resetTwoStep(member: StaffMember): void;
};
const MemberActionsContext = createContext<MemberActions | null>(null);
const useMemberActions = () => useContext(MemberActionsContext)!;

const column = createColumnHelper<StaffMember>();

function StaffMembers() {
  const { t } = useI18n();
  const toast = useToast();
  const undoToast = useUndoToast();
  const members = useMembers();
  const passwordLink = usePasswordLink();
  const patch = usePatchMember();
  const [adding, setAdding] = useState(false);
  const [link, setLink] = useState<StaffPasswordLink | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const change = (member: StaffMember, changes: { role: StaffRole } | { is_active: boolean }) =>
    patch.mutate(
      { id: member.id, patch: changes },
      {
        onSuccess: (updated) => {
          setAsking(null);
          if ('role' in changes)
            // Undo sets the role it had back, through the same call and the same checks as any change of role.
            undoToast(t('roleChanged', { name: updated.name, role: t(`role_${updated.role}`) }), () =>
              patch.mutateAsync({ id: member.id, patch: { role: member.role } }),
            );
          else toast(t(updated.is_active ? 'memberReactivated' : 'memberDeactivated', { name: updated.name }));
        },
      },
    );
  const actions: MemberActions = {
    patch,
    ask: setAsking,
    reactivate: (member) => change(member, { is_active: true }),
    newLink: (member) => passwordLink.mutate(member.id, { onSuccess: setLink }),
    resetTwoStep: setResetting,
  };
  const columns = useMemo(
    () => [
      column.accessor('name', { header: t('name') }),
      column.accessor('email', { header: t('email'), cell: (info) => <Ltr>{info.getValue()}</Ltr> }),
      column.accessor('role', { header: t('role'), cell: (info) => <RoleCell member={info.row.original} /> }),
      column.accessor('totp_enabled', {
        header: t('twoStep'),
        cell: (info) => (info.getValue() ? t('on') : t('off')),
        meta: { optional: true },
      }),
      column.accessor('is_active', {
        header: t('active'),
        cell: (info) => (info.getValue() ? t('yes') : t('no')),
        meta: { optional: true },
      }),
      column.display({ id: 'actions', header: t('actions'), cell: (info) => <MemberButtons member={info.row.original} /> }),
    ],
    [t],
  );

  return (
    <MemberActionsContext.Provider value={actions}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{t('staffTitle')}</h1>
          <Button variant="primary" className="ms-auto" onClick={() => setAdding(true)}>
            {t('addStaff')}
          </Button>
        </div>
        {link && <LinkNotice link={link} onClose={() => setLink(null)} />}
        <ErrorNotice error={passwordLink.error} />
        <DataTable
          label={t('staffTitle')}
          tableId="staff"
          columns={columns}
          rows={members.data?.results}
          empty={t('noMembers')}
          error={members.error}
          onRetry={() => void members.refetch()}
          retrying={members.isFetching}
          rowClassName={(member) => (member.is_active ? '' : 'text-mist')}
        />
        <ConfirmChange asking={asking} onChange={change} onClose={() => setAsking(null)} />
        <ResetTwoStep member={resetting} onClose={() => setResetting(null)} />
        <Dialog open={adding} onOpenChange={setAdding} title={t('addStaff')}>
          <AddMember
            onCreated={(created) => {
              setAdding(false);
              setLink(created);
            }}
          />
        </Dialog>
      </div>
    </MemberActionsContext.Provider>
  );
}

/** The member's role, changed from here once confirmed; the error of a change to this member beneath it. */
function RoleCell({ member }: { member: StaffMember }) {
  const { t } = useI18n();
  const { patch, ask } = useMemberActions();
  const changing = patch.variables?.id === member.id;
  return (
    <>
      <Select
        label={t('roleOf', { name: member.name })}
        hideLabel
        value={member.role}
        disabled={changing && patch.isPending}
        onChange={(event) => ask({ member, change: { role: event.target.value as StaffRole } })}
        className="min-w-36"
      >
        <RoleOptions />
      </Select>
      <ErrorNotice error={changing ? patch.error : null} />
    </>
  );
}

function MemberButtons({ member }: { member: StaffMember }) {
  const { t } = useI18n();
  const { patch, ask, reactivate, newLink, resetTwoStep } = useMemberActions();
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant={member.is_active ? 'danger' : 'quiet'}
        disabled={patch.isPending && patch.variables.id === member.id}
        onClick={() => (member.is_active ? ask({ member, change: { is_active: false } }) : reactivate(member))}
      >
        {member.is_active ? t('deactivate') : t('reactivate')}
      </Button>
      <Button onClick={() => newLink(member)}>{t('newPasswordLink')}</Button>
      {member.totp_enabled && <Button onClick={() => resetTwoStep(member)}>{t('resetTwoStep')}</Button>}
    </div>
  );
}

/** Says what a new role or a deactivation means, and makes it only on the owner's yes. */
function ConfirmChange({
  asking,
  onChange,
  onClose,
}: {
  asking: Asking | null;
  onChange(member: StaffMember, change: Asking['change']): void;
  onClose(): void;
}) {
  const { t } = useI18n();
  const { patch } = useMemberActions();
  const name = asking?.member.name ?? '';
  const role = asking && 'role' in asking.change ? asking.change.role : null;
  return (
    <Dialog
      open={asking !== null}
      onOpenChange={(open) => !open && onClose()}
      title={role ? t('confirmRoleTitle', { name, role: t(`role_${role}`) }) : t('confirmDeactivateTitle', { name })}
    >
      <p className="mb-4 text-sm">{t(role ? 'confirmRoleHint' : 'confirmDeactivateHint', { name })}</p>
      <ErrorNotice error={patch.variables?.id === asking?.member.id ? patch.error : null} />
      <DialogButtons onBack={onClose}>
        <Button variant="danger" disabled={patch.isPending} onClick={() => asking && onChange(asking.member, asking.change)}>
          {role ? t('changeRole') : t('deactivate')}
        </Button>
      </DialogButtons>
    </Dialog>
  );
}

function ResetTwoStep({ member, onClose }: { member: StaffMember | null; onClose(): void }) {
  const { t } = useI18n();
  const toast = useToast();
  const resetTotp = useResetTotp();
  const name = member?.name ?? '';
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()} title={t('resetTwoStepTitle', { name })}>
      <p className="mb-4 text-sm">{t('resetTwoStepHint')}</p>
      <ErrorNotice error={resetTotp.variables === member?.id ? resetTotp.error : null} />
      <DialogButtons onBack={onClose}>
        <Button
          variant="danger"
          disabled={resetTotp.isPending}
          onClick={() =>
            member &&
            resetTotp.mutate(member.id, {
              onSuccess: () => {
                onClose();
                toast(t('twoStepReset', { name }));
              },
            })
          }
        >
          {t('resetTwoStep')}
        </Button>
      </DialogButtons>
    </Dialog>
  );
}

function AddMember({ onCreated }: { onCreated(link: StaffPasswordLink): void }) {
  const { t } = useI18n();
  const create = useCreateMember();
  const form = useForm({
    resolver: zodResolver(StaffMemberCreate),
    defaultValues: { email: '', name: '', role: 'fulfilment' as StaffRole },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      // The API's field errors (an e-mail already in use) go under their fields.
      if (error instanceof ApiFailure)
        for (const [field, messages] of Object.entries(error.fields))
          if (field === 'email' || field === 'name' || field === 'role')
            form.setError(field, { type: 'server', message: messages.join(' ') });
    }
  });
  const fieldError = (field: 'email' | 'name', fallback: 'errorEmail' | 'errorRequired') =>
    errors[field] && (errors[field].type === 'server' ? errors[field].message : t(fallback));
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field
        label={t('email')}
        type="email"
        autoComplete="off"
        ltr
        required
        error={fieldError('email', 'errorEmail')}
        {...form.register('email')}
      />
      <Field label={t('name')} autoComplete="off" required error={fieldError('name', 'errorRequired')} {...form.register('name')} />
      <Select label={t('role')} {...form.register('role')}>
        <RoleOptions />
      </Select>
      {create.error instanceof ApiFailure && Object.keys(create.error.fields).length > 0 ? null : <ErrorNotice error={create.error} />}
      <Button variant="primary" type="submit" disabled={create.isPending}>
        {t('create')}
      </Button>
    </form>
  );
}

/** The one-time link, shown once (it is not kept anywhere) with a copy button and when it stops working. */
function LinkNotice({ link, onClose }: { link: StaffPasswordLink; onClose(): void }) {
  const { t, rich, locale } = useI18n();
  const toast = useToast();
  const copy = () =>
    navigator.clipboard.writeText(link.password_link).then(
      () => toast(t('copied')),
      () => toast(t('copyFailed'), 'info'),
    );
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-gold/50 bg-smoke p-4" aria-labelledby="password-link-title">
      <h2 id="password-link-title" className="font-semibold text-gold">
        {t('passwordLinkTitle')}
      </h2>
      <p className="text-sm">
        {rich('passwordLinkHint', { email: <Ltr>{link.member.email}</Ltr>, date: formatDate(locale, link.expires_at) })}
      </p>
      <code dir="ltr" className="block rounded bg-ink p-2 text-xs break-all select-all" data-testid="password-link">
        {link.password_link}
      </code>
      <div className="flex gap-2">
        <Button variant="primary" onClick={() => void copy()}>
          {t('copy')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
      </div>
    </section>
  );
}
