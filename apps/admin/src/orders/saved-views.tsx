/**
 * The board's saved views (decision 0054): the member's own and the shared ones, kept by the API. Choosing one puts
 * its filters in the address, as choosing them by hand does; the current filters are saved under a name, shared with
 * every member when the role may share views (the owner), who alone deletes a shared one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ignoreShownError } from '../api/row-action';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SavedViewName, type SavedView } from '@attar/contract';
import { useDeleteView, useSavedViews, useSaveView } from './api';
import { useMay } from '../components/list-parts';
import { useToast } from '../components/toasts';
import { Button, Chip, Dialog, DialogButtons, ErrorNotice, Field, Loaded } from '../components/ui';
import { useI18n } from '../lib/i18n';
import type { BoardSearch } from '../lib/search';

const ViewForm = z.object({ name: SavedViewName, shared: z.boolean() });

export function SavedViews({ search }: { search: BoardSearch }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const close = () => {
    setOpen(false);
    setDeleting(null);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('savedViews')}</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !next && close()}
        title={deleting ? t('deleteTitle', { name: deleting.name }) : t('savedViewsTitle')}
      >
        {deleting ? (
          <DeleteView view={deleting} onDone={() => setDeleting(null)} />
        ) : (
          <div className="flex flex-col gap-5">
            <ViewList onApplied={close} onDelete={setDeleting} />
            <SaveViewForm search={search} />
          </div>
        )}
      </Dialog>
    </>
  );
}

/** The views, own first then shared, each applied by its name; deleted where the member may. */
function ViewList({ onApplied, onDelete }: { onApplied(): void; onDelete(view: SavedView): void }) {
  const { t } = useI18n();
  const navigate = useNavigate({ from: '/orders' });
  const mayShare = useMay('shareViews');
  const views = useSavedViews();
  const mayDelete = (view: SavedView) => !view.shared || mayShare;
  return (
    <Loaded query={views}>
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-mist">{t('noSavedViews')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label={t('savedViewsTitle')}>
            {list.map((view) => (
              <li key={view.id} className="flex items-center gap-2 py-2" data-testid="saved-view">
                <button
                  type="button"
                  className="min-w-0 flex-1 truncate text-start font-medium text-gold underline-offset-2 hover:underline"
                  onClick={() => {
                    void navigate({ search: view.search });
                    onApplied();
                  }}
                >
                  <bdi>{view.name}</bdi>
                </button>
                {view.shared && <Chip colours="bg-gold/15 text-gold-bright">{t('savedViewShared')}</Chip>}
                {mayDelete(view) && (
                  <Button variant="danger" aria-label={t('deleteNamed', { name: view.name })} onClick={() => onDelete(view)}>
                    {t('deleteLabel')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}

/** Saves the board's filters as they are now (not its page) under a name. */
function SaveViewForm({ search }: { search: BoardSearch }) {
  const { t } = useI18n();
  const toast = useToast();
  const mayShare = useMay('shareViews');
  const save = useSaveView();
  const form = useForm({ resolver: zodResolver(ViewForm), defaultValues: { name: '', shared: false } });
  const submit = form.handleSubmit(({ name, shared }) => {
    const { page: _page, ...filters } = search;
    save.mutate(
      { list: 'orders', name, search: filters, shared: mayShare && shared },
      {
        onSuccess: (view) => {
          toast(t('savedViewSaved', { name: view.name }));
          form.reset();
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-semibold">{t('saveViewTitle')}</h3>
      <Field
        label={t('name')}
        dir="auto"
        autoComplete="off"
        error={form.formState.errors.name && t('errorViewName')}
        {...form.register('name')}
      />
      {mayShare && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-gold" {...form.register('shared')} />
          {t('savedViewShareWithEveryone')}
        </label>
      )}
      <ErrorNotice error={save.error} />
      <Button variant="primary" type="submit" className="self-start" disabled={save.isPending}>
        {t('saveView')}
      </Button>
    </form>
  );
}

function DeleteView({ view, onDone }: { view: SavedView; onDone(): void }) {
  const { t } = useI18n();
  const toast = useToast();
  const remove = useDeleteView();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">{t(view.shared ? 'sharedViewDeleteHint' : 'savedViewDeleteHint')}</p>
      <ErrorNotice error={remove.error} />
      <DialogButtons onBack={onDone}>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() =>
            void remove.mutateAsync(view.id).then(() => {
              toast(t('savedViewDeleted', { name: view.name }));
              onDone();
            }, ignoreShownError)
          }
        >
          {t('deleteLabel')}
        </Button>
      </DialogButtons>
    </div>
  );
}
