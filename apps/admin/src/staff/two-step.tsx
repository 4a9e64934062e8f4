/** Turning on two-step sign-in: the authenticator's QR code and key, then one code from it to confirm. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { TotpConfirm } from '@attar/contract';
import { useSession } from '../api/session';
import { useConfirmTotp, useStartTotp } from './api';
import { QrCode } from '../components/qr-code';
import { Button, CodeField, ErrorNotice, Notice } from '../components/ui';
import { useI18n } from '../lib/i18n';

/** The key in groups of four, easier to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoStep() {
  const { t } = useI18n();
  const session = useSession();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const form = useForm({ resolver: zodResolver(TotpConfirm), defaultValues: { code: '' } });
  if (!session.data) return null;
  const { staff, must_enrol_totp: required } = session.data;
  const submit = form.handleSubmit((values) => confirm.mutate(values.code));
  return (
    <div className="flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('twoStepTitle')}</h1>
      {required && <Notice>{t('twoStepRequired')}</Notice>}
      {confirm.isSuccess && (
        <Notice tone="success">
          {t('twoStepDone')}{' '}
          <Link to="/orders" className="underline">
            {t('backToOrders')}
          </Link>
        </Notice>
      )}
      {staff.totp_enabled ? (
        !confirm.isSuccess && <p>{t('twoStepOn')}</p>
      ) : !start.data ? (
        <Button variant="primary" className="self-start" onClick={() => start.mutate()} disabled={start.isPending}>
          {t('twoStepStart')}
        </Button>
      ) : (
        <div className="flex flex-col gap-4">
          <p>{t('twoStepScan')}</p>
          <div className="self-start rounded-md bg-white p-2">
            <QrCode text={start.data.otpauth_url} size={192} label={t('twoStepQr')} />
          </div>
          <p className="text-sm text-mist">{t('twoStepKey')}</p>
          <code dir="ltr" className="self-start rounded bg-smoke px-3 py-2 text-lg tracking-widest break-all" data-testid="totp-secret">
            {grouped(start.data.secret)}
          </code>
          <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <CodeField className="max-w-xs" error={form.formState.errors.code && t('errorTotp')} {...form.register('code')} />
            <ErrorNotice error={confirm.error} />
            <Button variant="primary" type="submit" className="self-start" disabled={confirm.isPending}>
              {t('twoStepConfirm')}
            </Button>
          </form>
        </div>
      )}
      <ErrorNotice error={start.error} />
    </div>
  );
}
