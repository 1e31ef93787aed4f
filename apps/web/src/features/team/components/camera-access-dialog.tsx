import type { Member } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { cameraNamesQuery, siteNamesQuery, useUpdateMember } from '../api.ts';

/**
 * Every camera, or only some: the server filters everything the member lists, watches and hears by
 * it. With the vms plan, whole sites too: their cameras, including ones moved into them later.
 */
export function CameraAccessDialog({ member, onClose }: { member: Member; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const { me } = useSession();
  const cameras = useQuery(cameraNamesQuery);
  const sites = useQuery({ ...siteNamesQuery, enabled: Boolean(me?.user.vmsAccess) });
  const update = useUpdateMember();
  const [all, setAll] = useState(member.cameraIds === null && member.siteIds === null);
  const [chosen, setChosen] = useState<Set<string>>(new Set(member.cameraIds ?? []));
  const [chosenSites, setChosenSites] = useState<Set<string>>(new Set(member.siteIds ?? []));
  const [error, setError] = useState<string>();
  const name = member.displayName || member.email;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      {
        userId: member.userId,
        patch: all
          ? { cameraIds: null, siteIds: null }
          : { cameraIds: [...chosen], siteIds: chosenSites.size > 0 ? [...chosenSites] : null },
      },
      {
        onSuccess: () => {
          toast({ kind: 'success', text: t('team.accessSaved') });
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  const toggleSite = (id: string) =>
    setChosenSites((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const siteItems = sites.data ?? [];
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('team.camerasDialog.title')}
      description={t('team.camerasDialog.description', { name })}
    >
      <form onSubmit={submit} className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t('team.camerasDialog.title')}</legend>
          <label className="flex min-h-10 items-center gap-2 text-sm text-fg">
            <input type="radio" name="scope" checked={all} onChange={() => setAll(true)} />
            {t('team.camerasDialog.all')}
          </label>
          <label className="flex min-h-10 items-center gap-2 text-sm text-fg">
            <input type="radio" name="scope" checked={!all} onChange={() => setAll(false)} />
            {t('team.camerasDialog.some')}
          </label>
        </fieldset>
        {!all && siteItems.length > 0 && (
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium text-fg">{t('team.camerasDialog.sites')}</legend>
            <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-line p-2">
              {siteItems.map((s) => (
                <li key={s.id}>
                  <label className="flex min-h-10 items-center gap-2 text-sm text-fg">
                    <input type="checkbox" checked={chosenSites.has(s.id)} onChange={() => toggleSite(s.id)} />
                    {s.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {!all && siteItems.length > 0 && (
          <p className="text-sm font-medium text-fg">{t('team.camerasDialog.cameras')}</p>
        )}
        {!all &&
          (cameras.isPending ? (
            <Spinner label={t('app.loading')} />
          ) : (cameras.data ?? []).length === 0 ? (
            <p className="text-sm text-muted">{t('team.camerasDialog.none')}</p>
          ) : (
            <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-line p-2">
              {(cameras.data ?? []).map((c) => (
                <li key={c.id}>
                  <label className="flex min-h-10 items-center gap-2 text-sm text-fg">
                    <input type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
                    {c.name}
                  </label>
                </li>
              ))}
            </ul>
          ))}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('team.cancel')}
          </Button>
          <Button type="submit" busy={update.isPending}>
            {t('team.save')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
