/**
 * The home sliders: the list in the storefront's order (moved up and down, switched on and off, deleted) with whether
 * each shows now, and the editor: titles and the pictures' descriptions in both languages, a picture for wide screens
 * and one for phones (uploaded, or one a slider already uses), the link, and the window it shows in (Cairo time).
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ignoreShownError } from '../api/row-action';
import { createColumnHelper } from '@tanstack/react-table';
import { createContext, useContext, useMemo, useState } from 'react';
import { get, useController, useForm, type Control } from 'react-hook-form';
import type { Locale, MediaUpload, StaffSlider, StaffSliderInput } from '@attar/contract';
import { ApiFailure } from '../api/client';
import {
  useCreateSlider,
  useDeleteSlider,
  useReorderSliders,
  useSaveSlider,
  useSliderActive,
  useSliderImages,
  useStaffSliders,
} from './api';
import { DataTable } from '../components/data-table';
import { FormDateTimeField } from '../components/date-fields';
import { placeFieldErrors, TextIn, useErrorText } from '../components/form-parts';
import { contentScreen, Loaded, SaveButton } from './content-parts';
import { ImageDropZone } from '../components/image-upload';
import { useToast } from '../components/toasts';
import {
  BackLink,
  Button,
  buttonClass,
  Chip,
  ChoiceSelect,
  Dialog,
  DialogButtons,
  ErrorNotice,
  Field,
  Notice,
  Panel,
} from '../components/ui';
import { emptySliderForm, sliderResolver, sliderToForm, type SliderForm } from './content-form';
import { formatDate } from '../lib/format';
import { useI18n } from '../lib/i18n';

const sliderRoute = getRouteApi('/frame/content/sliders/$id');

const titleIn = (slider: Pick<StaffSlider, 'title_en' | 'title_ar'>, locale: Locale) =>
  locale === 'ar' ? slider.title_ar : slider.title_en;

const STATE_COLOURS: Record<StaffSlider['state'], string> = {
  inactive: 'bg-mist/15 text-mist',
  scheduled: 'bg-sky-400/15 text-sky-300',
  showing: 'bg-success/25 text-emerald-300',
  ended: 'bg-orange-400/15 text-orange-300',
};

/**
 * Moving a slider in the order: the screen holds the one move under way (every row's arrows wait for it); the rows'
 * cells read it here, so the columns stay the same from one render to the next.
 */
type SliderMoves = { busy: boolean; move(index: number, by: -1 | 1): void };
const SliderMovesContext = createContext<SliderMoves | null>(null);

const column = createColumnHelper<StaffSlider>();

export const SlidersPage = contentScreen(function SlidersList() {
  const { t, locale } = useI18n();
  const sliders = useStaffSliders();
  const reorder = useReorderSliders();
  const toast = useToast();
  const moves: SliderMoves = {
    busy: reorder.isPending,
    move: (index, by) => {
      const ids = (sliders.data ?? []).map((slider) => slider.id);
      [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
      reorder.mutate(ids, { onSuccess: () => toast(t('sliderOrderSaved')) });
    },
  };
  const columns = useMemo(
    () => [
      column.accessor('image_mobile_url', {
        header: t('columnPicture'),
        cell: (info) => <img src={info.getValue()} alt="" width={64} height={64} className="size-16 rounded-md object-cover" />,
      }),
      column.accessor((slider) => titleIn(slider, locale), {
        id: 'title',
        header: t('columnTitle'),
        cell: (info) => (
          <>
            <Link to="/content/sliders/$id" params={{ id: info.row.original.id }} className="font-medium text-cream hover:text-gold">
              {info.getValue()}
            </Link>
            <span dir="ltr" className="block text-xs text-mist">
              {info.row.original.link}
            </span>
          </>
        ),
      }),
      column.accessor('state', { header: t('columnShown'), cell: (info) => <SliderShown slider={info.row.original} /> }),
      column.display({
        id: 'actions',
        header: t('actions'),
        cell: (info) => (
          <SliderActions slider={info.row.original} index={info.row.index} last={info.row.index === info.table.getRowCount() - 1} />
        ),
      }),
    ],
    [t, locale],
  );
  return (
    <SliderMovesContext.Provider value={moves}>
      <div className="flex max-w-5xl flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">{t('slidersTitle')}</h1>
          <Link to="/content/sliders/new" className={buttonClass('primary')}>
            {t('newSlider')}
          </Link>
        </div>
        <ErrorNotice error={reorder.error} />
        <DataTable
          label={t('slidersTitle')}
          tableId="sliders"
          columns={columns}
          rows={sliders.data}
          empty={t('noSliders')}
          error={sliders.error}
          onRetry={() => void sliders.refetch()}
          retrying={sliders.isFetching}
          rowTestId="slider-row"
        />
      </div>
    </SliderMovesContext.Provider>
  );
});

/** Whether the slider shows now, and the window it shows in. */
function SliderShown({ slider }: { slider: StaffSlider }) {
  const { t, locale } = useI18n();
  return (
    <>
      <Chip colours={STATE_COLOURS[slider.state]}>{t(`sliderState_${slider.state}`)}</Chip>
      {slider.starts_at && (
        <span className="block text-xs text-mist">{t('sliderWindowFrom', { date: formatDate(locale, slider.starts_at) })}</span>
      )}
      {slider.ends_at && (
        <span className="block text-xs text-mist">{t('sliderWindowUntil', { date: formatDate(locale, slider.ends_at) })}</span>
      )}
    </>
  );
}

/** A slider's row of actions: up and down in the order, on or off, and delete after asking. */
function SliderActions({ slider, index, last }: { slider: StaffSlider; index: number; last: boolean }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const { busy, move } = useContext(SliderMovesContext)!;
  const active = useSliderActive();
  const remove = useDeleteSlider();
  const [confirming, setConfirming] = useState(false);
  const name = titleIn(slider, locale);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button aria-label={t('moveUpNamed', { name })} disabled={index === 0 || busy} onClick={() => move(index, -1)}>
          ↑
        </Button>
        <Button aria-label={t('moveDownNamed', { name })} disabled={last || busy} onClick={() => move(index, 1)}>
          ↓
        </Button>
        <Button
          disabled={active.isPending}
          onClick={() =>
            active.mutate(
              { id: slider.id, active: !slider.is_active },
              { onSuccess: (saved) => toast(t('sliderSaved', { name: titleIn(saved, locale) })) },
            )
          }
        >
          {slider.is_active ? t('switchOff') : t('switchOn')}
        </Button>
        <Button
          variant="danger"
          aria-label={t('deleteNamed', { name })}
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
        >
          {t('deleteLabel')}
        </Button>
      </div>
      <ErrorNotice error={active.error} />
      <Dialog open={confirming} onOpenChange={setConfirming} title={t('deleteSliderTitle', { name })}>
        {/* A refused deletion is said here: the row behind the dialog cannot be read while it is open. */}
        <div className="flex flex-col gap-4">
          <p className="text-sm text-mist">{t('deleteSliderHint')}</p>
          <ErrorNotice error={remove.error} />
          <DialogButtons onBack={() => setConfirming(false)}>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                void remove.mutateAsync(slider.id).then(() => {
                  setConfirming(false);
                  toast(t('sliderDeleted', { name }));
                }, ignoreShownError)
              }
            >
              {t('deleteLabel')}
            </Button>
          </DialogButtons>
        </div>
      </Dialog>
    </>
  );
}

export const NewSliderPage = contentScreen(function NewSlider() {
  return <SliderEditor slider={null} />;
});

export const EditSliderPage = contentScreen(function EditSlider() {
  const { t } = useI18n();
  const { id } = sliderRoute.useParams();
  return (
    <Loaded query={useStaffSliders()}>
      {(sliders) => {
        const slider = sliders.find((each) => each.id === id);
        return slider ? <SliderEditor key={slider.id} slider={slider} /> : <Notice tone="error">{t('notFound')}</Notice>;
      }}
    </Loaded>
  );
});

function SliderEditor({ slider }: { slider: StaffSlider | null }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateSlider();
  const save = useSaveSlider();
  const errorText = useErrorText();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const form = useForm<SliderForm, unknown, StaffSliderInput>({
    resolver: sliderResolver,
    defaultValues: slider ? sliderToForm(slider) : emptySliderForm(),
  });
  const problem = (field: keyof SliderForm) => errorText(get(form.formState.errors, field));
  const known = slider ? { [slider.image_desktop]: slider.image_desktop_url, [slider.image_mobile]: slider.image_mobile_url } : {};

  const submit = form.handleSubmit(async (request) => {
    setUnplaced([]);
    try {
      if (slider) {
        const saved = await save.mutateAsync({ id: slider.id, body: request });
        form.reset(sliderToForm(saved));
        toast(t('sliderSaved', { name: titleIn(saved, locale) }));
      } else {
        const created = await create.mutateAsync(request);
        toast(t('sliderCreated', { name: titleIn(created, locale) }));
        void navigate({ to: '/content/sliders/$id', params: { id: created.id }, replace: true });
      }
    } catch (error) {
      if (error instanceof ApiFailure) setUnplaced(placeFieldErrors(form.setError, error.fields, (field) => field));
    }
  });
  const failure = slider ? save.error : create.error;
  const shownElsewhere = failure instanceof ApiFailure && Object.keys(failure.fields).length > 0;

  return (
    <form onSubmit={submit} noValidate className="flex max-w-5xl flex-col gap-4">
      <BackLink to="/content/sliders">{t('backToSliders')}</BackLink>
      <h1 className="text-2xl font-semibold">{slider ? t('editSliderTitle', { title: titleIn(slider, locale) }) : t('newSlider')}</h1>
      <Panel title={t('sliderTexts')}>
        <div className="grid gap-3 md:grid-cols-2">
          <TextIn label={t('titleEn')} language="en" error={problem('title_en')} {...form.register('title_en')} />
          <TextIn label={t('titleAr')} language="ar" error={problem('title_ar')} {...form.register('title_ar')} />
          <TextIn label={t('subtitleEn')} language="en" error={problem('subtitle_en')} {...form.register('subtitle_en')} />
          <TextIn label={t('subtitleAr')} language="ar" error={problem('subtitle_ar')} {...form.register('subtitle_ar')} />
          <TextIn label={t('sliderAltEn')} language="en" error={problem('alt_en')} {...form.register('alt_en')} />
          <TextIn label={t('sliderAltAr')} language="ar" error={problem('alt_ar')} {...form.register('alt_ar')} />
        </div>
      </Panel>
      <Panel title={t('sliderPictures')}>
        <div className="grid gap-4 md:grid-cols-2">
          <PicturePicker control={form.control} field="image_desktop" known={known} error={problem('image_desktop')} />
          <PicturePicker control={form.control} field="image_mobile" known={known} error={problem('image_mobile')} />
        </div>
      </Panel>
      <Panel title={t('sliderShowing')}>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={t('sliderLink')} ltr autoComplete="off" spellCheck={false} error={problem('link')} {...form.register('link')} />
          <label className="flex items-center gap-2 self-end text-sm md:min-h-10">
            <input type="checkbox" className="size-4 accent-gold" {...form.register('is_active')} />
            {t('sliderActive')}
          </label>
          <FormDateTimeField label={t('sliderStartsAt')} control={form.control} name="starts_at" error={problem('starts_at')} />
          <FormDateTimeField label={t('sliderEndsAt')} control={form.control} name="ends_at" error={problem('ends_at')} />
        </div>
      </Panel>
      {unplaced.length > 0 && <Notice tone="error">{unplaced.join(' ')}</Notice>}
      {!shownElsewhere && <ErrorNotice error={failure} />}
      <SaveButton busy={form.formState.isSubmitting} />
    </form>
  );
}

/**
 * One of the slide's pictures, held as its path in the media store: uploaded here (the shared upload component), or
 * chosen among the pictures sliders already use. `known`: the addresses of the pictures the slider had when loaded.
 */
function PicturePicker({
  control,
  field,
  known,
  error,
}: {
  control: Control<SliderForm, unknown, StaffSliderInput>;
  field: 'image_desktop' | 'image_mobile';
  known: Record<string, string>;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const images = useSliderImages();
  const { field: picture } = useController({ control, name: field });
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  const urls: Record<string, string> = {
    ...known,
    ...Object.fromEntries((images.data ?? []).map((image) => [image.path, image.url])),
    ...uploaded,
  };
  const onUploaded = (upload: MediaUpload) => {
    setUploaded((list) => ({ ...list, [upload.src]: upload.url }));
    picture.onChange(upload.src);
  };
  const label = t(field === 'image_desktop' ? 'imageDesktop' : 'imageMobile');
  const preview = urls[picture.value];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {preview ? (
        <img
          src={preview}
          alt=""
          className={`rounded-md border border-line object-cover ${field === 'image_desktop' ? 'aspect-[8/3] w-full' : 'size-40'}`}
        />
      ) : (
        <p className="text-sm text-mist">{t('noPicture')}</p>
      )}
      <ImageDropZone
        purpose={field === 'image_desktop' ? 'slider_desktop' : 'slider_mobile'}
        label={t('uploadPicture')}
        onUploaded={onUploaded}
      />
      <ChoiceSelect
        label={t('pickExisting')}
        value={picture.value}
        onChange={(event) => picture.onChange(event.target.value)}
        onBlur={picture.onBlur}
        error={error}
        first={t('choose')}
        choices={Object.keys(urls)
          .sort()
          .map((path) => ({ value: path, label: path }))}
        dir="ltr"
      />
    </fieldset>
  );
}
