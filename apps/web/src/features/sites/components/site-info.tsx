import type { Site } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';

/** Where the site is and whom to call: address, coordinates, time zone, contacts, notes, tags. */
export function SiteInfoCard({ site }: { site: Site }) {
  const { t, i18n } = useTranslation();
  const coord = (v: number) => formatNumber(v, i18n.language, 6);
  return (
    <Card title={t('sites.info.title')}>
      <dl className="flex flex-col gap-3 text-sm">
        <Row label={t('sites.form.address')}>{site.address ?? <span className="text-muted">—</span>}</Row>
        <Row label={t('sites.info.coordinates')}>
          {site.latitude !== null && site.longitude !== null ? (
            `${coord(site.latitude)}, ${coord(site.longitude)}`
          ) : (
            <span className="text-muted">{t('sites.info.noCoordinates')}</span>
          )}
        </Row>
        <Row label={t('sites.form.timezone')}>{site.timezone ?? t('sites.info.workspaceZone')}</Row>
        <Row label={t('sites.form.contacts')}>
          {site.contacts.length === 0 ? (
            <span className="text-muted">{t('sites.form.noContacts')}</span>
          ) : (
            <ul className="flex flex-col gap-1">
              {site.contacts.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id; their order is theirs
                <li key={i} className="break-words">
                  <span className="font-medium">{c.name}</span>
                  {c.phone && (
                    <>
                      {' · '}
                      <a
                        className="text-primary underline underline-offset-4"
                        href={`tel:${c.phone.replace(/[^+0-9]/g, '')}`}
                      >
                        {c.phone}
                      </a>
                    </>
                  )}
                  {c.email && (
                    <>
                      {' · '}
                      <a className="text-primary underline underline-offset-4" href={`mailto:${c.email}`}>
                        {c.email}
                      </a>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Row>
        {site.notes && (
          <Row label={t('sites.form.notes')}>
            <p className="whitespace-pre-wrap break-words">{site.notes}</p>
          </Row>
        )}
        {site.tags.length > 0 && (
          <Row label={t('sites.form.tags')}>
            <ul className="flex flex-wrap gap-1.5">
              {site.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-sunken px-2 py-0.5 text-xs">
                  {tag}
                </li>
              ))}
            </ul>
          </Row>
        )}
      </dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
