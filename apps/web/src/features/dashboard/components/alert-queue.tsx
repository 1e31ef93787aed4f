import { TASK_TITLE_MAX, type TaskAssignee, type VigilEvent } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import {
  QUEUE_MAX,
  alertQueueQuery,
  cameraNamesQuery,
  myTasksQuery,
  teammatesQuery,
  useAcknowledgeAlert,
  useAssignAlert,
} from '../ops-api.ts';
import { moveSelection, queueCommand } from '../queue-model.ts';
import { AssignDialog, canTake } from './assign-dialog.tsx';
import { QueryCard } from './query-card.tsx';
import { QueueItem } from './queue-item.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';

/**
 * The operator's alert queue: open alerts of their cameras, the longest waiting first, worked with
 * the buttons or the keys (j/k move, a acknowledges, m takes it, Enter or o opens the clip, ? lists
 * them). What changes is said in a polite live region, for people who do not see the list move.
 */
export function AlertQueue() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const queue = useQuery(alertQueueQuery);
  const names = useQuery(cameraNamesQuery);
  const mine = useQuery(myTasksQuery);
  const teammates = useQuery(teammatesQuery);
  const acknowledge = useAcknowledgeAlert();
  const assign = useAssignAlert();
  const [selected, setSelected] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  const [assigning, setAssigning] = useState<VigilEvent | null>(null);
  const refs = useRef(new Map<string, HTMLLIElement>());
  const seen = useRef<Set<string> | null>(null);

  const items = queue.data ?? [];
  const index = Math.min(selected, Math.max(items.length - 1, 0));
  const current = items[index];
  const myEvents = new Set((mine.data ?? []).map((task) => task.eventId));
  const when = (e: VigilEvent) => formatDateTime(e.startAt, timeZone, i18n.language);
  const label = (e: VigilEvent) =>
    t('ops.queue.item', {
      kind: t(`dashboard.kind.${e.kind}`),
      camera: (e.cameraId && names.data?.get(e.cameraId)) || t('ops.workspace'),
      time: when(e),
    });

  // Alerts that arrive over the stream are said once; the first answer is the page, not news.
  useEffect(() => {
    if (!queue.data) return;
    const ids = new Set(queue.data.map((e) => e.id));
    const fresh = seen.current ? [...ids].filter((id) => !seen.current!.has(id)).length : 0;
    seen.current = ids;
    if (fresh > 0) setAnnouncement(t('ops.announce.arrived', { count: fresh }));
  }, [queue.data, t]);

  const select = (i: number) => {
    const e = items[i];
    if (!e) return;
    setSelected(i);
    refs.current.get(e.id)?.focus();
    setAnnouncement(t('ops.announce.selected', { position: i + 1, count: items.length, item: label(e) }));
  };
  const doAcknowledge = (e: VigilEvent) =>
    acknowledge.mutate(e.id, {
      onSuccess: () => {
        setAnnouncement(t('ops.announce.acknowledged', { item: label(e) }));
        // The next alert moves into the acknowledged one's place and takes the keyboard's focus.
        requestAnimationFrame(() => refs.current.get(items[index + 1]?.id ?? items[index - 1]?.id ?? '')?.focus());
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  const doAssign = (e: VigilEvent, person: { id: string; displayName: string }) =>
    assign.mutate(
      {
        eventId: e.id,
        assigneeId: person.id,
        // The task list shows the camera beside the title: the title says what and when.
        title: t('ops.queue.taskTitle', { kind: t(`dashboard.kind.${e.kind}`), time: when(e) }).slice(
          0,
          TASK_TITLE_MAX,
        ),
      },
      {
        onSuccess: () => {
          const text = t('ops.announce.assigned', { name: person.displayName, item: label(e) });
          setAnnouncement(text);
          toast({ kind: 'success', text });
          setAssigning(null);
        },
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  const assignToMe = (e: VigilEvent) => me && doAssign(e, { id: me.user.uid, displayName: me.user.displayName });
  const openClip = (e: VigilEvent) => navigate(`/viewer/events?id=${encodeURIComponent(e.id)}`);

  const onKey = useRef<(ev: KeyboardEvent) => void>(() => {});
  onKey.current = (ev) => {
    const command = queueCommand(ev);
    if (!command) return;
    ev.preventDefault();
    if (command === 'help') return setHelpOpen(true);
    if (!current) return;
    if (command === 'next' || command === 'previous') select(moveSelection(index, items.length, command));
    else if (command === 'acknowledge') doAcknowledge(current);
    else if (command === 'assignToMe') assignToMe(current);
    else openClip(current);
  };
  useEffect(() => {
    const listener = (ev: KeyboardEvent) => onKey.current(ev);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const people = (teammates.data ?? []).filter((m: TaskAssignee) => canTake(m, assigning?.cameraId ?? null));
  return (
    <QueryCard
      title={t('ops.queue.title')}
      query={queue}
      link={{ to: '/viewer/events', label: t('ops.events.all') }}
      className="lg:col-span-2"
    >
      {(data) => (
        <>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted" data-testid="queue-count">
              {data.length === 0 ? t('ops.queue.empty') : t('ops.queue.count', { count: data.length })}
              {data.length >= QUEUE_MAX && ` ${t('ops.queue.capped', { count: QUEUE_MAX })}`}
            </p>
            <Button
              variant="ghost"
              className="px-2 py-1 text-sm"
              aria-keyshortcuts="?"
              onClick={() => setHelpOpen(true)}
            >
              {t('ops.queue.shortcuts')}
            </Button>
          </div>
          {data.length > 0 && (
            <ul className="flex flex-col gap-2" aria-label={t('ops.queue.label')} data-testid="alert-queue">
              {data.map((e, i) => (
                <QueueItem
                  key={e.id}
                  ref={(el) => {
                    if (el) refs.current.set(e.id, el);
                    else refs.current.delete(e.id);
                  }}
                  event={e}
                  label={label(e)}
                  selected={i === index}
                  mine={myEvents.has(e.id)}
                  busy={acknowledge.isPending && acknowledge.variables === e.id}
                  onSelect={() => setSelected(i)}
                  onAcknowledge={() => doAcknowledge(e)}
                  onAssignToMe={() => assignToMe(e)}
                  onAssignTo={() => setAssigning(e)}
                  onOpen={() => openClip(e)}
                />
              ))}
            </ul>
          )}
          <p className="sr-only" aria-live="polite" data-testid="queue-announcer">
            {announcement}
          </p>
          <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
          {assigning && (
            <AssignDialog
              alertLabel={label(assigning)}
              people={people}
              busy={assign.isPending}
              onAssign={(person) => doAssign(assigning, person)}
              onClose={() => setAssigning(null)}
            />
          )}
        </>
      )}
    </QueryCard>
  );
}
