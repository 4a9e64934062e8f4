/**
 * Delivery: the delivery calendar (cut-off, weekly days off, holidays) and each governorate's fee and delivery time in
 * working days (orders placed from then on pay and are promised by them, decision 0037) and its cities, added and
 * renamed in both languages. A city that saved addresses use is renamed, never removed: the API refuses with how many use it, and the
 * screen says so before anyone tries.
 */
import { useState, type FormEvent } from 'react';
import type { StaffCity, StaffDeliverySchedule, StaffRegion } from '@attar/contract';
import { ApiFailure } from '../api/client';
import {
  useAddCity,
  useDeliverySchedule,
  useRemoveCity,
  useRenameCity,
  useSaveDeliverySchedule,
  useSetFee,
  useSetRegionDays,
  useStaffRegions,
} from './api';
import { DateField } from '../components/date-fields';
import { nameIn, TextIn } from '../components/form-parts';
import { contentScreen, Loaded } from './content-parts';
import { useToast } from '../components/toasts';
import { Button, ErrorNotice, Field, HeaderRow, Panel } from '../components/ui';
import { checkCity, checkFee, checkRegionDays } from './content-form';
import type { FormCheck } from '../lib/form-check';
import { formatDay } from '../lib/format';
import { readDay } from '../lib/typed-dates';
import { errorMessage, useI18n } from '../lib/i18n';

export const DeliveryPage = contentScreen(function Delivery() {
  return <Loaded query={useStaffRegions()}>{(regions) => <Regions regions={regions} />}</Loaded>;
});

function Regions({ regions }: { regions: StaffRegion[] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('deliveryTitle')}</h1>
      <Loaded query={useDeliverySchedule()}>{(schedule) => <Schedule schedule={schedule} />}</Loaded>
      <p className="text-sm text-mist">{t('daysHint')}</p>
      <div className="overflow-x-auto rounded-lg border border-line bg-night">
        <table className="w-full text-sm">
          <thead className="text-mist">
            <HeaderRow labels={[t('columnGovernorate'), t('columnFeeLe'), t('columnDeliveryDays'), t('columnCities')]} />
          </thead>
          <tbody>
            {regions.map((region) => (
              <RegionRows
                key={region.id}
                region={region}
                open={open === region.id}
                onToggle={() => setOpen(open === region.id ? null : region.id)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const WEEKDAYS = [6, 0, 1, 2, 3, 4, 5] as const;

/** The cut-off, the weekly days off and the holidays, saved together. */
function Schedule({ schedule }: { schedule: StaffDeliverySchedule }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const save = useSaveDeliverySchedule();
  const [draft, setDraft] = useState(schedule);
  const [newHoliday, setNewHoliday] = useState('');
  const allOff = draft.weekly_off.length >= 7;
  const toggleDay = (day: number) =>
    setDraft({
      ...draft,
      weekly_off: draft.weekly_off.includes(day) ? draft.weekly_off.filter((d) => d !== day) : [...draft.weekly_off, day],
    });
  // The day typed, once it is one.
  const holiday = readDay(newHoliday) === newHoliday ? newHoliday : null;
  const addHoliday = () => {
    if (!holiday || draft.holidays.includes(holiday)) return;
    setDraft({ ...draft, holidays: [...draft.holidays, holiday].sort() });
    setNewHoliday('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (allOff) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved);
        toast(t('scheduleSaved'));
      },
    });
  };
  return (
    <Panel title={t('scheduleTitle')}>
      <form onSubmit={submit} noValidate aria-label={t('scheduleTitle')} className="flex flex-col gap-4 text-sm">
        <p className="text-mist">{t('scheduleHint')}</p>
        <div className="flex flex-wrap items-end gap-3">
          <Field
            label={t('cutoffLabel')}
            type="time"
            ltr
            required
            className="w-40"
            value={draft.cutoff}
            onChange={(event) => setDraft({ ...draft, cutoff: event.target.value })}
          />
          <p className="pb-2 text-mist">{t('cutoffHelp')}</p>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-mist">{t('weeklyOffLabel')}</legend>
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((day) => (
              <label key={day} className="flex items-center gap-1.5">
                <input type="checkbox" checked={draft.weekly_off.includes(day)} onChange={() => toggleDay(day)} />
                {t(`weekday_${day}`)}
              </label>
            ))}
          </div>
          {allOff && (
            <p role="alert" className="text-danger">
              {t('scheduleAllOff')}
            </p>
          )}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-mist">{t('holidaysLabel')}</legend>
          {draft.holidays.length === 0 ? (
            <p className="text-mist">{t('holidaysNone')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {draft.holidays.map((day) => (
                <li key={day} className="flex items-center gap-1 rounded-full border border-line px-3 py-1">
                  {formatDay(locale, day)}
                  <Button
                    aria-label={t('holidayRemove', { day: formatDay(locale, day) })}
                    onClick={() => setDraft({ ...draft, holidays: draft.holidays.filter((d) => d !== day) })}
                  >
                    ×
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <DateField label={t('holidayNew')} className="w-48" value={newHoliday} onChange={setNewHoliday} />
            <Button onClick={addHoliday} disabled={!holiday}>
              {t('holidayAdd')}
            </Button>
          </div>
        </fieldset>
        {save.isError && <ErrorNotice error={save.error} />}
        <div>
          <Button type="submit" variant="primary" disabled={save.isPending || allOff}>
            {t('scheduleSave')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** Field errors from a failed write: the API's, in the screen's language, by field. */
const apiFields = (error: unknown): Record<string, string> =>
  error instanceof ApiFailure
    ? Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages.join(' ')]))
    : {};

/** A form check's problems by field, in the screen's words. */
function useProblems() {
  const { t } = useI18n();
  return <Request,>(checked: FormCheck<Request>) =>
    Object.fromEntries(checked.problems.map((problem) => [problem.path, t(problem.message)]));
}

function RegionRows({ region, open, onToggle }: { region: StaffRegion; open: boolean; onToggle(): void }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const setFee = useSetFee();
  const problemsOf = useProblems();
  const name = nameIn(region, locale);
  const [fee, setFeeText] = useState(String(region.fee));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saveFee = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFee(fee);
    setErrors(problemsOf(checked));
    if (!checked.request) return;
    setFee.mutate(
      { region: region.id, fee: checked.request.fee },
      { onSuccess: () => toast(t('feeSaved', { name })), onError: (error) => setErrors(apiFields(error)) },
    );
  };
  return (
    <>
      <tr className="border-t border-line align-top">
        <th scope="row" className="px-3 py-2 text-start font-medium">
          {name}
        </th>
        <td className="px-3 py-2">
          <form onSubmit={saveFee} noValidate className="flex items-start gap-2">
            <Field
              label={t('feeOf', { name })}
              hideLabel
              ltr
              inputMode="decimal"
              className="w-28"
              value={fee}
              onChange={(event) => setFeeText(event.target.value)}
              error={errors.fee ?? (setFee.isError && !errors.fee ? errorMessage(t, setFee.error) : undefined)}
            />
            <Button type="submit" disabled={setFee.isPending || fee === String(region.fee)}>
              {t('save')}
            </Button>
          </form>
        </td>
        <td className="px-3 py-2">
          <RegionDays region={region} />
        </td>
        <td className="px-3 py-2">
          <Button aria-expanded={open} onClick={onToggle}>
            {open ? t('hideCities') : t('showCities', { count: region.cities.length })}
          </Button>
        </td>
      </tr>
      {open && (
        <tr className="border-t border-line bg-smoke/40">
          <td colSpan={4} className="px-3 py-3">
            <Cities region={region} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The fewest and most working days delivery takes to a governorate. */
function RegionDays({ region }: { region: StaffRegion }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const setDays = useSetRegionDays();
  const problemsOf = useProblems();
  const name = nameIn(region, locale);
  const saved = { min_days: String(region.min_days), max_days: String(region.max_days) };
  const [days, setDaysText] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRegionDays(days);
    setErrors(problemsOf(checked));
    if (!checked.request) return;
    setDays.mutate(
      { region: region.id, days: checked.request },
      { onSuccess: () => toast(t('daysSaved', { name })), onError: (error) => setErrors(apiFields(error)) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex items-start gap-2">
      <Field
        label={t('minDaysOf', { name })}
        hideLabel
        ltr
        inputMode="numeric"
        className="w-16"
        value={days.min_days}
        onChange={(event) => setDaysText({ ...days, min_days: event.target.value })}
        error={errors.min_days}
      />
      <span className="pt-2 text-mist">–</span>
      <Field
        label={t('maxDaysOf', { name })}
        hideLabel
        ltr
        inputMode="numeric"
        className="w-16"
        value={days.max_days}
        onChange={(event) => setDaysText({ ...days, max_days: event.target.value })}
        error={errors.max_days ?? (setDays.isError && !errors.max_days ? errorMessage(t, setDays.error) : undefined)}
      />
      <Button type="submit" disabled={setDays.isPending || (days.min_days === saved.min_days && days.max_days === saved.max_days)}>
        {t('save')}
      </Button>
    </form>
  );
}

function Cities({ region }: { region: StaffRegion }) {
  const { t, locale } = useI18n();
  return (
    <section aria-label={t('citiesOf', { name: nameIn(region, locale) })} className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {region.cities.map((city) => (
          <li key={city.id}>
            <CityForm region={region.id} city={city} />
          </li>
        ))}
      </ul>
      <CityForm region={region.id} city={null} />
    </section>
  );
}

/** One city's names (saved with the button beside them), or the empty form that adds one. */
function CityForm({ region, city }: { region: number; city: StaffCity | null }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const add = useAddCity();
  const rename = useRenameCity();
  const remove = useRemoveCity();
  const problemsOf = useProblems();
  const [names, setNames] = useState({ name_en: city?.name_en ?? '', name_ar: city?.name_ar ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const unchanged = city !== null && names.name_en === city.name_en && names.name_ar === city.name_ar;
  const fail = (error: unknown) => {
    const fields = apiFields(error);
    setErrors(fields);
    setFailure(Object.keys(fields).length ? null : error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCity(names);
    setErrors(problemsOf(checked));
    setFailure(null);
    if (!checked.request) return;
    const name = nameIn(checked.request, locale);
    if (city) rename.mutate({ id: city.id, body: checked.request }, { onSuccess: () => toast(t('citySaved', { name })), onError: fail });
    else
      add.mutate(
        { region, body: checked.request },
        {
          onSuccess: () => {
            setNames({ name_en: '', name_ar: '' });
            toast(t('cityAdded', { name }));
          },
          onError: fail,
        },
      );
  };
  const removeCity = () => {
    if (!city) return;
    void remove.mutateAsync(city.id).then(() => toast(t('cityRemoved', { name: nameIn(city, locale) })), fail);
  };
  const label = city ? nameIn(city, locale) : t('addCity');
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="flex flex-wrap items-start gap-2">
      <TextIn
        label={t('cityNameEn')}
        hideLabel={city !== null}
        language="en"
        className="min-w-48 flex-1"
        value={names.name_en}
        onChange={(event) => setNames({ ...names, name_en: event.target.value })}
        error={errors.name_en}
      />
      <TextIn
        label={t('cityNameAr')}
        hideLabel={city !== null}
        language="ar"
        className="min-w-48 flex-1"
        value={names.name_ar}
        onChange={(event) => setNames({ ...names, name_ar: event.target.value })}
        error={errors.name_ar}
      />
      <div className={`flex flex-wrap items-center gap-2 ${city ? '' : 'mt-6'}`}>
        <Button type="submit" variant={city ? 'quiet' : 'primary'} disabled={unchanged || add.isPending || rename.isPending}>
          {city ? t('save') : t('addCity')}
        </Button>
        {city && city.addresses === 0 && (
          <Button variant="danger" aria-label={t('deleteNamed', { name: label })} disabled={remove.isPending} onClick={removeCity}>
            {t('remove')}
          </Button>
        )}
        {city && city.addresses > 0 && (
          <span className="text-xs text-mist">
            {t('cityAddresses', { count: city.addresses })} · {t('cityInUseHint')}
          </span>
        )}
      </div>
      {failure !== null && <ErrorNotice error={failure} />}
    </form>
  );
}
