/**
 * The shop's settings: free shipping, gift wrapping, the loyalty rates and the returns window; the shop's name and
 * address in both languages (each typed in its own direction), its phone, e-mail and map link; the social and
 * messenger links; how long searches are kept (decision 0045); which cash orders wait for their shopper's confirmation
 * and when unanswered ones are flagged and cancelled (decision 0048). Saved all at once on the version loaded: when someone
 * else saved first, theirs is loaded instead.
 */
import { get, useForm } from 'react-hook-form';
import { COD_CONFIRM_RULES, type StaffSiteConfig, type StaffSiteConfigSave } from '@attar/contract';
import { changedSiteConfig, useSaveSiteConfig, useSiteConfig } from './api';
import { TextIn, useErrorText } from '../components/form-parts';
import { contentScreen, Loaded, SaveButton, useVersionedSave } from './content-parts';
import { useToast } from '../components/toasts';
import { ChoiceSelect, Field, Panel } from '../components/ui';
import { settingsResolver, settingsToForm, type SettingsForm } from './content-form';
import { useI18n } from '../lib/i18n';

export const SettingsPage = contentScreen(function Settings() {
  return <Loaded query={useSiteConfig()}>{(config) => <SettingsEditor config={config} />}</Loaded>;
});

type SettingName = keyof SettingsForm;
const ORDERS: SettingName[] = ['free_shipping_after', 'gift_wrap_fee', 'point_value', 'spend_per_point', 'returns_window_days'];
const LINKS: SettingName[] = ['messenger_url', 'whatsapp_url', 'facebook_url', 'instagram_url', 'tiktok_url'];

function SettingsEditor({ config }: { config: StaffSiteConfig }) {
  const { t } = useI18n();
  const toast = useToast();
  const save = useSaveSiteConfig();
  const errorText = useErrorText();
  const form = useForm<SettingsForm, unknown, StaffSiteConfigSave>({ resolver: settingsResolver, defaultValues: settingsToForm(config) });
  const { submit, notices } = useVersionedSave({
    loaded: config,
    form,
    toForm: settingsToForm,
    save: (request, version) => save.mutateAsync({ ...request, version }),
    changed: changedSiteConfig,
    onSaved: () => toast(t('settingsSaved')),
  });
  const problem = (field: SettingName) => errorText(get(form.formState.errors, field));
  /** A setting typed left to right in either language: amounts, addresses on the web, the phone and e-mail. */
  const ltrField = (field: SettingName, inputMode?: 'decimal' | 'numeric' | 'url' | 'tel' | 'email') => (
    <Field
      key={field}
      label={t(`setting_${field}`)}
      ltr
      autoComplete="off"
      inputMode={inputMode}
      error={problem(field)}
      {...form.register(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('settingsTitle')}</h1>
      {notices(t('settingsChangedNotice'))}
      <Panel title={t('settingsOrders')}>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {ORDERS.map((field) => ltrField(field, field === 'returns_window_days' ? 'numeric' : 'decimal'))}
        </div>
      </Panel>
      <Panel title={t('settingsStore')}>
        <div className="grid gap-3 md:grid-cols-2">
          <TextIn label={t('setting_store_name_en')} language="en" error={problem('store_name_en')} {...form.register('store_name_en')} />
          <TextIn label={t('setting_store_name_ar')} language="ar" error={problem('store_name_ar')} {...form.register('store_name_ar')} />
          <TextIn
            label={t('setting_store_address_en')}
            language="en"
            error={problem('store_address_en')}
            {...form.register('store_address_en')}
          />
          <TextIn
            label={t('setting_store_address_ar')}
            language="ar"
            error={problem('store_address_ar')}
            {...form.register('store_address_ar')}
          />
          {ltrField('store_maps_url', 'url')}
          {ltrField('phone', 'tel')}
          {ltrField('email', 'email')}
        </div>
      </Panel>
      <Panel title={t('settingsLinks')}>
        <div className="grid gap-3 md:grid-cols-2">{LINKS.map((field) => ltrField(field, 'url'))}</div>
      </Panel>
      <Panel title={t('settingsCodConfirm')}>
        <div className="grid gap-3 md:grid-cols-2">
          <ChoiceSelect
            label={t('setting_cod_confirm_rule')}
            error={problem('cod_confirm_rule')}
            choices={COD_CONFIRM_RULES.map((rule) => ({ value: rule, label: t(`codConfirmRule_${rule}`) }))}
            {...form.register('cod_confirm_rule')}
          />
          {ltrField('cod_confirm_above', 'decimal')}
          {ltrField('cod_confirm_flag_hours', 'numeric')}
          {ltrField('cod_confirm_cancel_hours', 'numeric')}
        </div>
      </Panel>
      <Panel title={t('settingsPaymentLinks')}>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">{ltrField('payment_link_hours', 'numeric')}</div>
      </Panel>
      <Panel title={t('settingsSearches')}>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">{ltrField('search_retention_days', 'numeric')}</div>
      </Panel>
      <SaveButton busy={form.formState.isSubmitting} />
    </form>
  );
}
