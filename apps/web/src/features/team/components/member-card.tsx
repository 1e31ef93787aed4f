import type { Member, MemberRole } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ROLE_CHOICES, roleLabel } from './role-label.ts';

/** One member: who, role (a select when it can change), camera access, last seen, 2FA, remove. */
export function MemberCard(props: {
  member: Member;
  isSelf: boolean;
  canChange: boolean;
  timeZone: string;
  busy: boolean;
  onRole(role: MemberRole): void;
  onCameras(): void;
  onRemove(): void;
}) {
  const { t, i18n } = useTranslation();
  const { member: m } = props;
  const name = m.displayName || m.email;
  return (
    <li className="grid gap-3 rounded-lg border border-line bg-surface p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-center">
      <div className="min-w-0">
        <p className="truncate font-medium text-fg">
          {name} {props.isSelf && <span className="text-sm text-muted">({t('team.you')})</span>}
        </p>
        <p className="truncate text-sm text-muted">{m.email}</p>
        <p className="text-xs text-muted">
          {t('team.col.lastSeen')}:{' '}
          {m.lastSeenAt ? formatDateTime(m.lastSeenAt, props.timeZone, i18n.language) : t('team.never')}
          {' · '}
          {t('team.col.twoFactor')}: {t(m.twoFactorEnabled ? 'team.twoFactor.on' : 'team.twoFactor.off')}
          {m.disabled && ` · ${t('team.disabled')}`}
        </p>
      </div>
      <div>
        {props.canChange ? (
          <SelectField
            label={t('team.roleOf', { name })}
            hideLabel
            value={m.role}
            disabled={props.busy}
            onChange={(e) => props.onRole(e.target.value as MemberRole)}
            options={ROLE_CHOICES.map((r) => ({ value: r, label: roleLabel(t, r) }))}
          />
        ) : (
          <span className="inline-flex rounded-full bg-sunken px-3 py-1 text-sm text-fg">{roleLabel(t, m.role)}</span>
        )}
      </div>
      <div className="text-sm text-fg">
        {m.role === 'owner' || (m.cameraIds === null && m.siteIds === null)
          ? t('team.allCameras')
          : m.siteIds === null
            ? t('team.someCameras', { count: m.cameraIds?.length ?? 0 })
            : (m.cameraIds ?? []).length > 0
              ? t('team.someSitesAndCameras', {
                  sites: t('team.someSites', { count: m.siteIds.length }),
                  cameras: t('team.someCameras', { count: m.cameraIds?.length ?? 0 }),
                })
              : t('team.someSites', { count: m.siteIds.length })}
      </div>
      {props.canChange ? (
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button variant="secondary" onClick={props.onCameras} aria-label={t('team.editCamerasOf', { name })}>
            {t('team.editCameras')}
          </Button>
          <Button variant="danger" onClick={props.onRemove} aria-label={t('team.removeOf', { name })}>
            {t('team.remove')}
          </Button>
        </div>
      ) : (
        <div />
      )}
    </li>
  );
}
