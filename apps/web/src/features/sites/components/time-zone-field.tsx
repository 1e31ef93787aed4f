import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field.tsx';
import { timeZones } from '../../../lib/format.ts';

/**
 * A searchable time zone: a text box backed by a datalist of every zone the browser knows
 * (Intl.supportedValuesOf), so typing "paris" narrows 400 zones to one. Empty = the workspace's.
 */
export function TimeZoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(zone: string): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZones(), []);
  const [left, setLeft] = useState(false);
  // Judged once the person leaves the box, not at every letter of "Europe/…".
  const known = !left || value === '' || zones.includes(value);
  return (
    <>
      <TextField
        label={t('sites.form.timezone')}
        value={value}
        list="site-time-zones"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('sites.form.timezonePlaceholder')}
        hint={t('sites.form.timezoneHint')}
        error={error ?? (known ? undefined : t('sites.error.timezone'))}
        onChange={(e) => {
          setLeft(false);
          onChange(e.target.value.trim());
        }}
        onBlur={() => setLeft(true)}
      />
      <datalist id="site-time-zones">
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
    </>
  );
}
