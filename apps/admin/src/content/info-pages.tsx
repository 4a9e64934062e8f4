/**
 * The five information pages: the list, and the editor of one page in both languages, each body typed in its own
 * direction beside a preview of it as the storefront renders it (the same markup, parsed by the contract's parser
 * into elements: nothing typed here ever becomes HTML). Saved on the version loaded: when someone else saved first,
 * theirs is loaded instead.
 */
import { getRouteApi, Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { get, useForm, useWatch } from 'react-hook-form';
import { StaffInfoPageSave, type Locale, type StaffInfoPage } from '@attar/contract';
import { changedInfoPage, useInfoPage, useInfoPages, useSaveInfoPage } from './api';
import { DataTable } from '../components/data-table';
import { TextIn, useErrorText } from '../components/form-parts';
import { contentScreen, Loaded, SaveButton, useVersionedSave } from './content-parts';
import { MarkupPreview } from './markup-preview';
import { useToast } from '../components/toasts';
import { BackLink, Panel, TextArea } from '../components/ui';
import { contentCheck } from './content-form';
import { checkedResolver } from '../lib/form-check';
import { formatDate } from '../lib/format';
import { direction, useI18n } from '../lib/i18n';

const infoPageRoute = getRouteApi('/frame/content/pages/$slug');

type PageForm = Omit<StaffInfoPageSave, 'version'>;
const pageResolver = checkedResolver((form: PageForm) => contentCheck(StaffInfoPageSave.omit({ version: true }), form));
const toForm = ({ title_en, title_ar, body_en, body_ar }: StaffInfoPage): PageForm => ({ title_en, title_ar, body_en, body_ar });
const LANGUAGES: Locale[] = ['en', 'ar'];

/** A page as the table lists it: named by its slug. */
type PageRow = StaffInfoPage & { id: string };
const column = createColumnHelper<PageRow>();

export const InfoPagesPage = contentScreen(function PagesList() {
  const { t, locale } = useI18n();
  const pages = useInfoPages();
  const rows = useMemo(() => pages.data?.map((page) => ({ ...page, id: page.slug })), [pages.data]);
  const columns = useMemo(
    () => [
      column.accessor('slug', {
        header: t('columnPage'),
        cell: (info) => (
          <>
            <Link to="/content/pages/$slug" params={{ slug: info.getValue() }} className="font-medium text-cream hover:text-gold">
              {t(`page_${info.getValue()}`)}
            </Link>
            <span dir="ltr" className="block text-xs text-mist">
              /{info.getValue()}
            </span>
          </>
        ),
      }),
      column.accessor((page) => (locale === 'ar' ? page.title_ar : page.title_en), { id: 'title', header: t('columnTitle') }),
      column.accessor('updated_at', {
        header: t('columnSaved'),
        cell: (info) => formatDate(locale, info.getValue()),
        meta: { cellClassName: 'text-mist' },
      }),
    ],
    [t, locale],
  );
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('pagesTitle')}</h1>
      <DataTable
        label={t('pagesTitle')}
        tableId="info-pages"
        columns={columns}
        rows={rows}
        empty={t('noPages')}
        error={pages.error}
        onRetry={() => void pages.refetch()}
        retrying={pages.isFetching}
      />
    </div>
  );
});

export const InfoPageEditorPage = contentScreen(function LoadedPage() {
  const { slug } = infoPageRoute.useParams();
  return <Loaded query={useInfoPage(slug)}>{(page) => <PageEditor key={slug} page={page} />}</Loaded>;
});

function PageEditor({ page }: { page: StaffInfoPage }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const save = useSaveInfoPage();
  const errorText = useErrorText();
  const form = useForm<PageForm, unknown, PageForm>({ resolver: pageResolver, defaultValues: toForm(page) });
  const bodies = useWatch({ control: form.control, name: ['body_en', 'body_ar'] });
  const problem = (field: keyof PageForm) => errorText(get(form.formState.errors, field));
  const pageName = t(`page_${page.slug}`);

  const { submit, notices } = useVersionedSave({
    loaded: page,
    form,
    toForm,
    save: (request, version) => save.mutateAsync({ slug: page.slug, body: { ...request, version } }),
    changed: changedInfoPage,
    onSaved: () => toast(t('pageSaved', { name: pageName })),
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <BackLink to="/content/pages">{t('backToPages')}</BackLink>
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{pageName}</h1>
        <a
          href={`${locale === 'ar' ? '/ar' : ''}/${page.slug}`}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm text-gold underline"
        >
          {t('openOnShop')}
        </a>
      </div>
      {notices(t('pageChangedNotice'))}
      <p className="text-sm text-mist">{t('markupHelp')}</p>
      {LANGUAGES.map((language, index) => {
        const title = language === 'ar' ? 'title_ar' : 'title_en';
        const body = language === 'ar' ? 'body_ar' : 'body_en';
        return (
          <Panel key={language} title={t(`languageName_${language}`)}>
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="flex flex-col gap-3">
                <TextIn
                  label={t(language === 'ar' ? 'pageTitleAr' : 'pageTitleEn')}
                  language={language}
                  error={problem(title)}
                  {...form.register(title)}
                />
                <TextArea
                  label={t(language === 'ar' ? 'pageBodyAr' : 'pageBodyEn')}
                  lang={language}
                  dir={direction(language)}
                  rows={24}
                  spellCheck
                  className="font-mono text-sm"
                  error={problem(body)}
                  {...form.register(body)}
                />
              </div>
              <MarkupPreview
                language={language}
                title={t('previewIn', { language: t(`languageName_${language}`) })}
                source={bodies[index] ?? ''}
              />
            </div>
          </Panel>
        );
      })}
      <SaveButton busy={form.formState.isSubmitting} />
    </form>
  );
}
