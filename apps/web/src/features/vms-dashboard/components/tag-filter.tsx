import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

/** Tags as toggle buttons ("All" and one per tag in use); one chosen at a time. */
export function TagFilter({
  tags,
  value,
  onChange,
}: {
  tags: readonly string[];
  value: string;
  onChange(tag: string): void;
}) {
  const { t } = useTranslation();
  if (tags.length === 0 && !value) return null;
  const options = ['', ...tags, ...(value && !tags.includes(value) ? [value] : [])];
  return (
    <fieldset className="mb-4 flex flex-wrap gap-2">
      <legend className="sr-only">{t('vmsDashboard.filterTag')}</legend>
      {options.map((tag) => (
        <button
          key={tag || '*'}
          type="button"
          aria-pressed={value === tag}
          onClick={() => onChange(tag)}
          className={cn(
            'min-h-9 rounded-full border px-3 text-sm',
            value === tag
              ? 'border-transparent bg-primary text-on-primary'
              : 'border-line bg-surface text-fg hover:bg-sunken',
          )}
        >
          {tag || t('vmsDashboard.allTags')}
        </button>
      ))}
    </fieldset>
  );
}
