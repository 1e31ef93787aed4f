import { SITE_TAGS_MAX } from '@vigil/shared';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { addTags } from '../site-form-model.ts';

/**
 * Tags as chips: Enter or a comma adds what was typed, each chip has its own remove button,
 * Backspace in the empty box removes the last one. Tags are lower-case, as the server keeps them.
 */
export function TagsInput({
  tags,
  onChange,
  error,
  suggestions = [],
}: {
  tags: string[];
  onChange(tags: string[]): void;
  error?: string | undefined;
  suggestions?: readonly string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const commit = () => {
    if (!typed.trim()) return;
    onChange(addTags(tags, typed));
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && typed === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };
  const full = tags.length >= SITE_TAGS_MAX;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {t('sites.form.tags')}
      </label>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('sites.form.tagsChosen')}>
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-sunken py-0.5 pr-1 pl-3 text-sm">
              {tag}
              <button
                type="button"
                className="flex h-7 w-7 items-center justify-center rounded-full text-muted hover:bg-line hover:text-fg"
                aria-label={t('sites.form.removeTag', { tag })}
                onClick={() => onChange(tags.filter((x) => x !== tag))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className={cn(inputClass, error && 'border-danger')}
        value={typed}
        disabled={full}
        list={suggestions.length > 0 ? `${id}-list` : undefined}
        placeholder={full ? t('sites.form.tagsFull') : t('sites.form.tagsPlaceholder')}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const v = e.target.value;
          if (v.includes(',')) {
            onChange(addTags(tags, v));
            setTyped('');
          } else setTyped(v);
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      {suggestions.length > 0 && (
        <datalist id={`${id}-list`}>
          {suggestions
            .filter((s) => !tags.includes(s))
            .map((s) => (
              <option key={s} value={s} />
            ))}
        </datalist>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('sites.form.tagsHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
