import type { Camera } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { allCamerasQuery, siteListQuery, useMoveCameras } from '../api.ts';
import { CameraStatusBadge } from './status-badge.tsx';

/**
 * Two lists: the workspace's other cameras and this site's. Tick cameras on one side and move
 * them across; a camera of another site moves from there (a camera belongs to one site at most).
 */
export function CameraPicker({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const cameras = useQuery(allCamerasQuery);
  const sites = useQuery(siteListQuery({ tag: '', q: '' }));
  const move = useMoveCameras();
  const [outside, setOutside] = useState<Set<string>>(new Set());
  const [inside, setInside] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const siteName = useMemo(() => new Map((sites.data?.items ?? []).map((s) => [s.id, s.name])), [sites.data]);
  const all = cameras.data ?? [];
  const needle = filter.trim().toLowerCase();
  const matches = (c: Camera) => !needle || c.name.toLowerCase().includes(needle);
  const here = all.filter((c) => c.siteId === siteId && matches(c));
  const elsewhere = all.filter((c) => c.siteId !== siteId && matches(c));

  const pending = (kind: 'add' | 'remove') => move.isPending && !!move.variables && kind in move.variables.change;
  const apply = (change: { add: string[] } | { remove: string[] }) =>
    move.mutate(
      { id: siteId, change },
      {
        onSuccess: () => {
          const count = 'add' in change ? change.add.length : change.remove.length;
          toast({
            kind: 'success',
            text: t('add' in change ? 'sites.picker.movedIn' : 'sites.picker.movedOut', { count }),
          });
          setOutside(new Set());
          setInside(new Set());
        },
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );

  return (
    <Card title={t('sites.picker.title')}>
      {cameras.isPending && <Spinner label={t('sites.loading')} />}
      {cameras.isError && <p className="text-sm text-danger">{errorText(cameras.error)}</p>}
      {cameras.data && (
        <div className="flex flex-col gap-4">
          <TextField
            label={t('sites.picker.filter')}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <div className="grid gap-4 md:grid-cols-2">
            <CameraList
              title={t('sites.picker.elsewhere')}
              testId="picker-outside"
              cameras={elsewhere}
              chosen={outside}
              onChosen={setOutside}
              note={(c) => (c.siteId ? t('sites.picker.inSite', { name: siteName.get(c.siteId) ?? '…' }) : null)}
              action={
                <Button
                  disabled={outside.size === 0}
                  busy={pending('add')}
                  onClick={() => apply({ add: [...outside] })}
                >
                  {t('sites.picker.moveIn', { count: outside.size })}
                </Button>
              }
            />
            <CameraList
              title={t('sites.picker.here')}
              testId="picker-inside"
              cameras={here}
              chosen={inside}
              onChosen={setInside}
              note={() => null}
              action={
                <Button
                  variant="secondary"
                  disabled={inside.size === 0}
                  busy={pending('remove')}
                  onClick={() => apply({ remove: [...inside] })}
                >
                  {t('sites.picker.moveOut', { count: inside.size })}
                </Button>
              }
            />
          </div>
        </div>
      )}
    </Card>
  );
}

function CameraList(props: {
  title: string;
  testId: string;
  cameras: Camera[];
  chosen: Set<string>;
  onChosen(next: Set<string>): void;
  note(camera: Camera): string | null;
  action: React.ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const toggle = (id: string, on: boolean) => {
    const next = new Set(props.chosen);
    if (on) next.add(id);
    else next.delete(id);
    props.onChosen(next);
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-md border border-line p-3">
      <h3 id={headingId} className="text-sm font-semibold">
        {props.title} <span className="font-normal text-muted">({props.cameras.length})</span>
      </h3>
      {props.cameras.length === 0 ? (
        <p className="text-sm text-muted">{t('sites.picker.empty')}</p>
      ) : (
        <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto" data-testid={props.testId}>
          {props.cameras.map((c) => {
            const note = props.note(c);
            return (
              <li key={c.id}>
                <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded px-1 hover:bg-sunken">
                  <input
                    type="checkbox"
                    className="h-4 w-4 shrink-0 accent-primary"
                    checked={props.chosen.has(c.id)}
                    onChange={(e) => toggle(c.id, e.target.checked)}
                  />
                  <span className="min-w-0 flex-1 break-words text-sm">
                    {c.name}
                    {note && <span className="block text-xs text-muted">{note}</span>}
                  </span>
                  <CameraStatusBadge status={c.status} />
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <div>{props.action}</div>
    </section>
  );
}
