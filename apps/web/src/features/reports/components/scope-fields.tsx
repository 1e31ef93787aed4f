import { REPORT_FORMATS, type ReportFormat } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';

/**
 * What a report covers and comes as, for a report now and a scheduled one alike: a site (only
 * when the VMS area lists sites, else all cameras) and the file's format.
 */
export function ScopeFields({
  sites,
  siteId,
  format,
  onChange,
}: {
  sites: { id: string; name: string }[] | null;
  siteId: string;
  format: ReportFormat;
  onChange(patch: { siteId: string } | { format: ReportFormat }): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {sites && (
        <SelectField
          label={t('reports.site')}
          value={siteId}
          onChange={(e) => onChange({ siteId: e.target.value })}
          options={[
            { value: '', label: t('reports.allCameras') },
            ...sites.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
      )}
      <SelectField
        label={t('reports.format')}
        value={format}
        onChange={(e) => onChange({ format: e.target.value as ReportFormat })}
        options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`reports.formats.${f}`) }))}
      />
    </>
  );
}
