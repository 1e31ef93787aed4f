import { SMS_TEMPLATE_MAX, SMS_VARIABLES } from '@vigil/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { TEMPLATE_KEYS, type TemplateKey, templateCount } from '../sms-model.ts';

export interface TemplatesEditorProps {
  templates: Record<TemplateKey, string>;
  onChange(key: TemplateKey, text: string): void;
  /** Problems per template key (unknown variables, an empty default), already in words. */
  errors: Partial<Record<TemplateKey, string>>;
}

/**
 * One textarea for the template picked (the default or a kind's override), variables inserted at
 * the caret, and the live count of what the message costs: characters, segments, GSM-7 or UCS-2.
 */
export function TemplatesEditor({ templates, onChange, errors }: TemplatesEditorProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState<TemplateKey>('default');
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const text = templates[key];
  // An empty override sends the default: count what would really go out.
  const count = templateCount(text.trim() ? text : templates.default);
  const error = errors[key];
  const flagged = TEMPLATE_KEYS.filter((k) => errors[k] && k !== key);

  const insert = (name: string) => {
    const el = area.current;
    const token = `{${name}}`;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    onChange(key, text.slice(0, start) + token + text.slice(end));
    // After React writes the new value: the caret goes after the inserted variable.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const label = (k: TemplateKey) => (k === 'default' ? t('sms.templates.default') : t(`sms.kind.${k}`));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-lg font-semibold text-fg">{t('sms.templates.title')}</legend>
      <p className="text-sm text-muted">{t('sms.templates.hint')}</p>
      <SelectField
        label={t('sms.templates.kind')}
        value={key}
        onChange={(e) => setKey(e.target.value as TemplateKey)}
        options={TEMPLATE_KEYS.map((k) => ({
          value: k,
          label: `${label(k)}${k !== 'default' && templates[k].trim() ? ' •' : ''}${errors[k] ? ' ⚠' : ''}`,
        }))}
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {t('sms.templates.text')}
        </label>
        <textarea
          id={id}
          ref={area}
          className={cn(inputClass, 'min-h-28 font-mono', error && 'border-danger')}
          value={text}
          maxLength={SMS_TEMPLATE_MAX}
          placeholder={key === 'default' ? undefined : t('sms.templates.inherits')}
          onChange={(e) => onChange(key, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          data-testid="template-text"
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-danger" data-testid="template-error">
            {error}
          </p>
        )}
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('sms.templates.insert')}</legend>
        {SMS_VARIABLES.map((v) => (
          <button
            key={v}
            type="button"
            className="rounded-full border border-line bg-sunken px-3 py-1 font-mono text-xs text-fg hover:bg-surface"
            aria-label={t('sms.templates.insertNamed', { name: `{${v}}` })}
            onClick={() => insert(v)}
          >
            {`{${v}}`}
          </button>
        ))}
      </fieldset>
      <p id={`${id}-count`} className="text-sm text-fg" aria-live="polite" data-testid="template-count">
        {t('sms.templates.characters', { count: count.characters })}
        {' · '}
        {t('sms.templates.segments', { count: count.segments })}
        {' · '}
        <span
          className={cn(
            'rounded px-1.5 py-0.5 text-xs font-medium',
            count.encoding === 'UCS-2' ? 'bg-warn-bg text-warn-fg' : 'bg-sunken text-fg',
          )}
          data-testid="template-encoding"
        >
          {count.encoding}
        </span>
      </p>
      <p className="text-xs text-muted">
        {t(count.encoding === 'UCS-2' ? 'sms.templates.ucs2' : 'sms.templates.gsm')} {t('sms.templates.sample')}
      </p>
      {flagged.length > 0 && (
        <p className="text-sm text-danger">
          {t('sms.templates.otherErrors', { names: flagged.map(label).join(', ') })}
        </p>
      )}
    </fieldset>
  );
}
