import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { siteAccessQuery, useSetSiteAccess } from '../api.ts';

/**
 * Who of the team may see the site. Members who already see every camera (the owner, members
 * without limits) have nothing to grant: they are listed, ticked and fixed.
 */
export function AccessEditor({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const access = useQuery(siteAccessQuery(siteId));
  const save = useSetSiteAccess();
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const members = access.data ?? [];
  const granted = chosen ?? new Set(members.filter((m) => m.granted && !m.unlimited).map((m) => m.userId));
  const initial = new Set(members.filter((m) => m.granted && !m.unlimited).map((m) => m.userId));
  const changed = granted.size !== initial.size || [...granted].some((id) => !initial.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(granted);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const submit = () =>
    save.mutate(
      { id: siteId, userIds: [...granted] },
      {
        onSuccess: () => {
          toast({ kind: 'success', text: t('sites.access.saved') });
          setChosen(null);
        },
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  return (
    <Card title={t('sites.access.title')}>
      <p className="mb-3 text-sm text-muted">{t('sites.access.help')}</p>
      {access.isPending && <Spinner label={t('sites.loading')} />}
      {access.isError && <p className="text-sm text-danger">{errorText(access.error)}</p>}
      {access.data && (
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('sites.access.title')}</legend>
          <ul className="flex flex-col gap-1" data-testid="site-access">
            {members.map((m) => (
              <li key={m.userId}>
                <label className="flex min-h-10 items-center gap-3 rounded px-1 hover:bg-sunken">
                  <input
                    type="checkbox"
                    className="h-4 w-4 shrink-0 accent-primary"
                    checked={m.unlimited || granted.has(m.userId)}
                    disabled={m.unlimited}
                    onChange={(e) => toggle(m.userId, e.target.checked)}
                  />
                  <span className="min-w-0 flex-1 text-sm">
                    <span className="font-medium">{m.displayName}</span>{' '}
                    <span className="break-all text-muted">{m.email}</span>
                    <span className="block text-xs text-muted">
                      {t(m.role === 'owner' ? 'role.user' : `role.${m.role}`, { defaultValue: m.role })}
                      {m.unlimited && ` · ${t('sites.access.unlimited')}`}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <div>
            <Button onClick={submit} disabled={!changed} busy={save.isPending}>
              {t('sites.access.save')}
            </Button>
          </div>
        </fieldset>
      )}
    </Card>
  );
}
