import type { Camera, ProbeResult } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateCamera, useProbe, useUpdateCamera } from '../api.ts';
import { createInput, emptyForm, formOf, patchOf, sourceChanged, sourceOf } from '../form-model.ts';
import { CameraFields } from './camera-fields.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { ProbeResultView } from './probe-result.tsx';

export interface CameraDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The camera being edited; absent when adding. */
  camera?: Camera | undefined;
  /** The server refused a new camera for the workspace's state: the page re-reads the count against the limit. */
  onLimit(): void;
}

/** Add or edit a camera, with "Test connection" before saving. Radix traps and restores focus. */
export function CameraDialog({ open, onOpenChange, camera, onLimit }: CameraDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const [initial] = useState(() => (camera ? formOf(camera) : emptyForm()));
  const [form, setForm] = useState(initial);
  const [probeResult, setProbeResult] = useState<ProbeResult | null>(null);
  const create = useCreateCamera();
  const update = useUpdateCamera();
  const probe = useProbe();
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error ?? probe.error;
  const apiFailure = failure instanceof ApiError ? failure : null;
  const fields = apiFailure?.code === 'invalid-argument' ? (apiFailure.fields ?? {}) : {};

  const change = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProbeResult(null);
  };

  const test = () => {
    // Editing with the password untouched: the server probes with the saved one.
    const input = camera && !sourceChanged(initial, form) ? { id: camera.id } : { source: sourceOf(form) };
    probe.mutate(input, { onSuccess: setProbeResult });
  };

  const done = () => {
    toast({ kind: 'success', text: t('cameras.saved') });
    onOpenChange(false);
  };
  // A refused add (the plan's limit reached meanwhile, or a read-only workspace) stays in the
  // dialog in the server's words; the page re-reads the count, so its Add button says why it is off.
  const failed = (err: unknown) => {
    if (!camera && err instanceof ApiError && err.code === 'failed-precondition') onLimit();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (camera) update.mutate({ id: camera.id, patch: patchOf(initial, form) }, { onSuccess: done, onError: failed });
    else create.mutate(createInput(form), { onSuccess: done, onError: failed });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(camera ? 'cameras.form.editTitle' : 'cameras.form.addTitle')}
      description={t('cameras.form.description')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <CameraFields
          form={form}
          onChange={change}
          errors={fields}
          // The server keeps a saved password only while the camera stays the same kind.
          keepsPassword={Boolean(camera?.source.hasPassword) && form.type === initial.type}
          // A tested source says what it sends (no sound stream: none); else what the recorder saw.
          audio={probeResult?.ok ? (probeResult.audio ?? { codec: 'none', sampleRate: null }) : camera?.audio}
        />
        <div aria-live="polite" className="flex flex-col gap-2">
          {probe.isPending && <p className="text-sm text-muted">{t('cameras.probe.testing')}</p>}
          {probeResult && <ProbeResultView result={probeResult} />}
          {apiFailure && <Banner tone="error">{errorText(apiFailure)}</Banner>}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('cameras.cancel')}</Button>
          </DialogClose>
          <Button variant="secondary" busy={probe.isPending} onClick={test}>
            {t('cameras.form.test')}
          </Button>
          <Button type="submit" busy={saving}>
            {t('cameras.form.save')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
