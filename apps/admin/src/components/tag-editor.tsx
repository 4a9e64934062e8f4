/**
 * Staff's tags on an order or a customer (decision 0058): chips on a list's rows, and on a page the chips with a
 * remove button each and an input that suggests the tags already in use on that kind of thing. Adding or removing
 * one says so in a toast that offers Undo, the inverse call.
 */
import { useId, useState, type FormEvent } from 'react';
import { Tag, TAG_MAX_LENGTH, TAGS_PER_THING_MAX, type TagKind } from '@attar/contract';
import { ignoreShownError } from '../api/row-action';
import { useTagChanges, useTagSuggestions } from '../api/tags';
import { useI18n } from '../lib/i18n';
import { useUndoToast } from './toasts';
import { Button, ErrorNotice, Field } from './ui';

const chipClass = 'inline-flex max-w-full items-center gap-1 rounded-full bg-gold/15 px-2.5 py-0.5 text-xs font-medium text-gold-bright';

/**
 * A thing's tags as small chips that wrap (a long one too) rather than widen their column; nothing when none. `label`
 * names the list when it is not the thing's own tags.
 */
export function TagChips({ tags, label }: { tags: string[]; label?: string }) {
  const { t } = useI18n();
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={label ?? t('tags')}>
      {tags.map((tag) => (
        <li key={tag} className={chipClass}>
          <bdi className="wrap-anywhere">{tag}</bdi>
        </li>
      ))}
    </ul>
  );
}

/**
 * The tags of the `kind` whose id is `id`, changed here when `editable`; `changed` reloads what else shows them.
 * Errors (a tag already there, one too many, a refused undo) show under the input.
 */
export function TagEditor({
  kind,
  id,
  tags,
  editable,
  changed,
}: {
  kind: TagKind;
  id: number;
  tags: string[];
  editable: boolean;
  changed(): void;
}) {
  const { t, rich } = useI18n();
  const undoToast = useUndoToast();
  const { add, remove } = useTagChanges(kind, id, changed);
  const [text, setText] = useState('');
  const [used, setUsed] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const suggestions = useTagSuggestions(kind, text.trim(), editable && used);
  const listId = useId();
  const pending = add.isPending || remove.isPending;
  const has = (tag: string) => tags.some((each) => each.toLowerCase() === tag.toLowerCase());
  const named = (tag: string) => <bdi>{tag}</bdi>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = Tag.safeParse(text);
    if (!checked.success) return setProblem(t('tagInvalid', { count: TAG_MAX_LENGTH }));
    const tag = checked.data;
    setProblem(undefined);
    remove.reset();
    add.mutateAsync(tag).then(() => {
      setText('');
      undoToast(rich('tagAdded', { tag: named(tag) }), () => remove.mutateAsync(tag));
    }, ignoreShownError);
  };
  const removeTag = (tag: string) => {
    add.reset();
    remove.mutateAsync(tag).then(() => undoToast(rich('tagRemoved', { tag: named(tag) }), () => add.mutateAsync(tag)), ignoreShownError);
  };

  return (
    <div className="flex flex-col gap-3">
      {tags.length === 0 ? (
        <p className="text-sm text-mist">{t('noTags')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t('tags')}>
          {tags.map((tag) => (
            <li key={tag} className={chipClass}>
              <bdi className="wrap-anywhere">{tag}</bdi>
              {editable && (
                <button
                  type="button"
                  aria-label={t('removeTag', { tag })}
                  disabled={pending}
                  onClick={() => removeTag(tag)}
                  className="rounded-full px-1 text-sm leading-none hover:text-cream"
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable &&
        (tags.length >= TAGS_PER_THING_MAX ? (
          <p className="text-sm text-mist">{t('tagsFull', { count: TAGS_PER_THING_MAX })}</p>
        ) : (
          <form onSubmit={submit} className="flex items-end gap-2" noValidate>
            <Field
              label={t('newTag')}
              name="tag"
              value={text}
              maxLength={TAG_MAX_LENGTH}
              autoComplete="off"
              list={listId}
              error={problem}
              className="grow"
              onFocus={() => setUsed(true)}
              onChange={(event) => {
                setText(event.target.value);
                setUsed(true);
              }}
            />
            <datalist id={listId}>
              {(suggestions.data ?? [])
                .filter((suggestion) => !has(suggestion))
                .map((suggestion) => (
                  <option key={suggestion} value={suggestion} />
                ))}
            </datalist>
            <Button type="submit" disabled={pending}>
              {t('addTag')}
            </Button>
          </form>
        ))}
      <ErrorNotice error={add.error ?? remove.error} />
    </div>
  );
}
