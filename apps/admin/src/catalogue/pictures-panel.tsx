/**
 * A product's or offer's pictures: upload several, put them in order (the first is the main one), describe each in
 * both languages, remove; saved together on the version the page was loaded with, like the rest of the editor.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffImage, StaffImagesSave } from '@attar/contract';
import { ApiFailure } from '../api/client';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { TextIn } from '../components/form-parts';
import { ImageDropZone } from '../components/image-upload';
import { useToast } from '../components/toasts';
import { Button, ErrorNotice, Notice, Panel } from '../components/ui';

type Picture = Pick<StaffImage, 'src' | 'url' | 'alt_en' | 'alt_ar'>;

/** A product or an offer: what the panel shows and saves. */
type Pictured = { id: number; version: number; images: StaffImage[] };

export function PicturesPanel<Thing extends Pictured>({
  thing,
  version,
  save,
  changed,
  onSaved,
  onChangedMeanwhile,
}: {
  thing: Thing;
  /** The version the page was loaded with: what the save names. */
  version: number;
  save: UseMutationResult<Thing, Error, { id: number; body: StaffImagesSave }>;
  /** The thing as someone else saved it (a 409), or null. */
  changed(error: unknown): Thing | null;
  onSaved(saved: Thing): void;
  onChangedMeanwhile(current: Thing): void;
}) {
  const toast = useToast();
  const images = thing.images;
  const { t, locale } = useI18n();
  const [pictures, setPictures] = useState<Picture[]>(images);
  const [loaded, setLoaded] = useState(images);
  // The saved list (or someone else's) replaces what is shown whenever the page hands in a new one.
  if (loaded !== images) {
    setLoaded(images);
    setPictures(images);
  }
  const unsaved = JSON.stringify(pictures) !== JSON.stringify(images);
  const error = save.error;
  const fields = error instanceof ApiFailure ? error.fields : {};
  const send = async () => {
    try {
      const saved = await save.mutateAsync({
        id: thing.id,
        body: { version, images: pictures.map(({ src, alt_en, alt_ar }) => ({ src, alt_en, alt_ar })) },
      });
      onSaved(saved);
      toast(t('picturesSaved'));
    } catch (failure) {
      const current = changed(failure);
      if (current) onChangedMeanwhile(current);
    }
  };
  const problem = (i: number) => fields[`images.${i}.src`]?.join(' ');

  const move = (from: number, to: number) =>
    setPictures((list) => {
      const next = [...list];
      const [picture] = next.splice(from, 1);
      next.splice(to, 0, picture!);
      return next;
    });
  const number = (i: number) => formatNumber(locale, i + 1);
  const describe = (i: number, field: 'alt_en' | 'alt_ar', value: string) =>
    setPictures((list) => list.map((picture, j) => (j === i ? { ...picture, [field]: value } : picture)));

  return (
    <Panel title={t('sectionPictures')}>
      <div className="flex flex-col gap-3">
        {pictures.length === 0 && <Notice>{t('noPicturesYet')}</Notice>}
        <ol className="flex flex-col gap-3">
          {pictures.map((picture, i) => (
            <li key={picture.src} className="flex flex-wrap items-start gap-3 rounded-md border border-line p-3">
              <img src={picture.url} alt={picture.alt_en} width={96} height={96} className="size-24 rounded bg-white object-contain" />
              <div className="flex min-w-64 flex-1 flex-col gap-2">
                <p className="text-sm font-semibold">{i === 0 ? t('mainPicture') : t('pictureNumber', { n: number(i) })}</p>
                <div className="grid gap-2 md:grid-cols-2">
                  <TextIn
                    label={t('pictureAltEn')}
                    language="en"
                    value={picture.alt_en}
                    maxLength={200}
                    onChange={(event) => describe(i, 'alt_en', event.target.value)}
                  />
                  <TextIn
                    label={t('pictureAltAr')}
                    language="ar"
                    value={picture.alt_ar}
                    maxLength={200}
                    onChange={(event) => describe(i, 'alt_ar', event.target.value)}
                  />
                </div>
                {problem(i) && <p className="text-sm text-danger">{problem(i)}</p>}
              </div>
              <div className="flex flex-col gap-1">
                <Button disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('moveEarlier', { n: number(i) })}>
                  {t('earlier')}
                </Button>
                <Button disabled={i === pictures.length - 1} onClick={() => move(i, i + 1)} aria-label={t('moveLater', { n: number(i) })}>
                  {t('later')}
                </Button>
                <Button
                  onClick={() => setPictures((list) => list.filter((_, j) => j !== i))}
                  aria-label={t('removePicture', { n: number(i) })}
                >
                  {t('remove')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <ImageDropZone
          purpose="product"
          multiple
          label={t('choosePictures')}
          onUploaded={(upload) => setPictures((list) => [...list, { src: upload.src, url: upload.url, alt_en: '', alt_ar: '' }])}
        />
        {Object.keys(fields).length === 0 && <ErrorNotice error={error} />}
        <div className="flex justify-end">
          <Button variant="primary" disabled={save.isPending || !unsaved || pictures.length === 0} onClick={() => void send()}>
            {t('savePictures')}
          </Button>
        </div>
      </div>
    </Panel>
  );
}
