import type { Camera } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { schedulesQuery, useUpdateCamera } from '../api.ts';
import { motionFormOf, motionPatchOf } from '../motion-form.ts';
import { MotionFields } from './motion-fields.tsx';
import { ZoneEditor } from './zone-editor.tsx';

export interface MotionDialogProps {
  camera: Camera;
  onOpenChange(open: boolean): void;
}

/** "Motion & alerts" of one camera: detection, masks and zones on its picture, alert levels, arming. */
export function MotionDialog({ camera, onOpenChange }: MotionDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const [form, setForm] = useState(() => motionFormOf(camera));
  const [drawing, setDrawing] = useState(false);
  const schedules = useQuery(schedulesQuery);
  const update = useUpdateCamera();
  const failure = update.error instanceof ApiError ? update.error : null;
  const fields = failure?.code === 'invalid-argument' ? (failure.fields ?? {}) : {};
  const errorsRef = useRef<HTMLDivElement>(null);
  // The save button sits at the bottom of a long form: bring the refusal into view.
  useEffect(() => {
    if (failure) errorsRef.current?.scrollIntoView({ block: 'center' });
  }, [failure]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { id: camera.id, patch: motionPatchOf(form) },
      {
        onSuccess: () => {
          toast({ kind: 'success', text: t('cameras.motion.saved') });
          onOpenChange(false);
        },
      },
    );
  };

  const fieldNames: Record<string, string> = {
    motion: t('cameras.motion.fieldMotion'),
    eventSeverity: t('cameras.motion.alerts'),
    scheduleId: t('cameras.motion.schedule'),
    scheduleRecording: t('cameras.motion.scheduleRecording'),
  };
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('cameras.motion.title', { name: camera.name })}
      description={t('cameras.motion.description')}
      width="max-w-3xl"
      onEscapeKeyDown={(e) => drawing && e.preventDefault()}
      data-testid="motion-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-6" noValidate>
        <ZoneEditor
          cameraId={camera.id}
          shapes={form.shapes}
          onChange={(shapes) => setForm((f) => ({ ...f, shapes }))}
          onDrawingChange={setDrawing}
        />
        <MotionFields
          form={form}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          schedules={schedules.data?.items}
          recordsOnMotion={camera.recordingMode === 'motion'}
          cameraEvents={camera.onvif?.events ?? false}
          errors={fields}
        />
        <div ref={errorsRef} aria-live="polite" data-testid="motion-errors">
          {failure && (
            <Banner tone="error">
              <p>{errorText(failure)}</p>
              {Object.keys(fields).length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {Object.entries(fields).map(([field, message]) => (
                    <li key={field}>
                      {fieldNames[field] ?? field}: {message}
                    </li>
                  ))}
                </ul>
              )}
            </Banner>
          )}
        </div>
        <div className="sticky -bottom-4 -mx-4 -mb-4 flex flex-wrap justify-end gap-2 border-t border-line bg-surface px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
          <DialogClose asChild>
            <Button variant="secondary">{t('cameras.cancel')}</Button>
          </DialogClose>
          <Button type="submit" busy={update.isPending} disabled={drawing}>
            {t('cameras.form.save')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
