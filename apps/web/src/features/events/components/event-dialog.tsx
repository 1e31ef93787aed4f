import { type VigilEvent, mayExportFootage } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Fact, RecordDialog, RecordHeader } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { eventQuery, useAcknowledge, useExportClip, vodUrl } from '../api.ts';
import { clipRange, detailText, durationMs, formatDuration, hasClip, recordingsLink } from '../event-model.ts';
import { ClipPlayer } from './clip-player.tsx';
import { EventBadges } from './event-badges.tsx';
import { NoteEditor } from './note-editor.tsx';

export interface EventDialogProps {
  id: string;
  onClose(): void;
  cameraName(id: string | null): string;
  ackLabel(event: VigilEvent): string;
  timeZone: string;
  canHandle: boolean;
  /** Owners and managers turn an event into a task (the tasks page, prefilled). */
  canCreateTask: boolean;
}

/** One event: its clip, its facts, its note and what can be done with it. Opened by ?id= in the URL. */
export function EventDialog(props: EventDialogProps) {
  const { t } = useTranslation();
  const query = useQuery(eventQuery(props.id));
  return (
    <RecordDialog
      query={query}
      onClose={props.onClose}
      testId="event-dialog"
      title={t('events.dialogTitle')}
      notFound={t('events.notFound')}
      closeLabel={t('events.close')}
      loadingLabel={t('app.loading')}
    >
      {(event) => <EventBody event={event} {...props} />}
    </RecordDialog>
  );
}

function EventBody({ event, ...props }: EventDialogProps & { event: VigilEvent }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const acknowledge = useAcknowledge();
  const exportClip = useExportClip();
  const { me } = useSession();
  // A viewer whose workspace keeps exports to the others is told why there is no download.
  const mayExport = !me || mayExportFootage(me.user.role, me.workspace);
  const [queued, setQueued] = useState(false);
  // The clip of an ongoing event is fixed when the dialog opens (its end would otherwise keep moving).
  const [clip] = useState(() => clipRange(event));
  const camera = props.cameraName(event.cameraId) || t('events.workspace');
  const when = (iso: string | null) => formatDateTime(iso, props.timeZone, i18n.language, 'second');
  const detail = detailText(event);
  const recordings = recordingsLink(event, props.timeZone);
  const canAck = props.canHandle && !event.acknowledgedAt;
  const taskLink = `/manager/tasks?${new URLSearchParams({ eventId: event.id, ...(event.cameraId ? { cameraId: event.cameraId } : {}) })}`;
  const download = () => {
    if (!event.cameraId) return;
    setQueued(false);
    exportClip.mutate(
      { cameraId: event.cameraId, ...clip },
      {
        onSuccess: () => {
          setQueued(true);
          toast({
            kind: 'success',
            text: t('events.exportQueued'),
            action: {
              label: t('events.openExports'),
              href: '/viewer/exports',
              onNavigate: () => navigate('/viewer/exports'),
            },
          });
        },
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  };
  return (
    <div className="grid gap-4">
      <RecordHeader title={`${t(`events.kind.${event.kind}`)} · ${camera}`} closeLabel={t('events.close')}>
        <p className="mt-1 text-sm text-muted">{when(event.startAt)}</p>
      </RecordHeader>
      {hasClip(event) && event.cameraId && (
        <ClipPlayer key={event.id} src={vodUrl(event.cameraId, clip.from, clip.to)} from={clip.from} />
      )}
      <EventBadges event={event} />
      <dl className="grid gap-2">
        <Fact label={t('events.camera')}>{camera}</Fact>
        <Fact label={t('events.start')}>{when(event.startAt)}</Fact>
        <Fact label={t('events.end')}>{event.endAt ? when(event.endAt) : t('events.ongoing')}</Fact>
        <Fact label={t('events.duration')}>{formatDuration(durationMs(event), i18n.language)}</Fact>
        {event.zones.length > 0 && <Fact label={t('events.zones')}>{event.zones.join(', ')}</Fact>}
        {detail && (
          <Fact label={t('events.details')}>
            {t(detail.key, {
              ...detail.values,
              bytes: formatBytes(Number(detail.values.bytes ?? 0), i18n.language),
            })}
          </Fact>
        )}
        <Fact label={t('events.acknowledgement')}>
          <span data-testid="event-dialog-ack">
            {event.acknowledgedAt ? props.ackLabel(event) : t('events.notAcknowledged')}
          </span>
        </Fact>
      </dl>
      <NoteEditor key={event.id} id={event.id} note={event.note} canEdit={props.canHandle} />
      {queued && (
        <Banner tone="success">
          {t('events.exportQueued')}{' '}
          <Link to="/viewer/exports" className="font-medium underline">
            {t('events.openExports')}
          </Link>
        </Banner>
      )}
      {(canAck || hasClip(event) || recordings || props.canCreateTask) && (
        <div className="flex flex-wrap gap-2 border-t border-line pt-4">
          {canAck && (
            <Button
              busy={acknowledge.isPending}
              onClick={() =>
                acknowledge.mutate(
                  { ids: [event.id] },
                  { onError: (err) => toast({ kind: 'error', text: errorText(err) }) },
                )
              }
            >
              {t('events.acknowledge')}
            </Button>
          )}
          {hasClip(event) && mayExport && (
            <Button variant="secondary" busy={exportClip.isPending} onClick={download}>
              {exportClip.isPending ? t('events.exporting') : t('events.download')}
            </Button>
          )}
          {hasClip(event) && !mayExport && (
            <p className="basis-full text-sm text-muted" data-testid="export-not-allowed">
              {t('events.exportNotAllowed')}
            </p>
          )}
          {recordings && (
            <Link to={recordings} className={buttonClass('secondary')}>
              {t('events.openRecordings')}
            </Link>
          )}
          {props.canCreateTask && (
            <Link to={taskLink} className={buttonClass('secondary')}>
              {t('events.createTask')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
