/** Turning on two-step sign-in: the authenticator's QR code and key, then one code from it to confirm. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TotpConfirm } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { useConfirmTotp, useSession, useStartTotp } from '../api/queries';
import { QrCode } from '../components/qr-code';
import { Button, Field, Notice } from '../components/ui';
import { useI18n } from '../lib/i18n';

export function TwoStep() {
  const { t } = useI18n();
  const session = useSession();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const form = useForm({ resolver: zodResolver(TotpConfirm), defaultValues: { code: '' } });
  const staff = session.data?.staff;
  if (!staff) return null;
  const submit = form.handleSubmit((values) => confirm.mutate(values.code));
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('twoStepTitle')}</h1>
      {session.data?.must_enrol_totp && <Notice>{t('twoStepRequired')}</Notice>}
      {confirm.isSuccess && <Notice tone="success">{t('twoStepDone')}</Notice>}
      {staff.totp_enabled ? (
        <p>{t('twoStepOn')}</p>
      ) : !start.data ? (
        <Button variant="primary" className="self-start" onClick={() => start.mutate()} disabled={start.isPending}>
          {t('twoStepStart')}
        </Button>
      ) : (
        <div className="flex flex-col gap-4">
          <p>{t('twoStepScan')}</p>
          <QrCode text={start.data.otpauth_url} size={192} label={t('twoStepTitle')} />
          <code dir="ltr" className="self-start rounded bg-smoke px-3 py-2 tracking-widest" data-testid="totp-secret">
            {start.data.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
          <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <Field
              label={t('totpCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              ltr
              error={form.formState.errors.code?.message ?? (confirm.error instanceof ApiFailure ? confirm.error.message : undefined)}
              {...form.register('code')}
            />
            <Button variant="primary" type="submit" className="self-start" disabled={confirm.isPending}>
              {t('twoStepConfirm')}
            </Button>
          </form>
        </div>
      )}
      {start.error instanceof ApiFailure && <Notice tone="error">{start.error.message}</Notice>}
    </div>
  );
}
