import type { UserDoc } from '@vigil/shared';
import { MAX_PHOTO_BYTES } from '@vigil/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { PHOTO_TYPES, useRemovePhoto, useUploadPhoto } from '../api.ts';
import { photoProblem } from '../photo-check.ts';
import { useErrorText } from '../use-error-text.ts';

export function PhotoForm({ user }: { user: UserDoc }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const issue = photoProblem(picked);
    setProblem(issue ? t(`settings.photoProblem.${issue}`, { mb: MAX_PHOTO_BYTES / 1024 / 1024 }) : null);
    setFile(issue ? null : picked);
  };

  const done = (key: string) => () => {
    setFile(null);
    toast({ kind: 'success', text: t(key) });
  };
  const failed = (err: unknown) => toast({ kind: 'error', text: errorText(err) });
  const shown = preview ?? user.photoURL;

  return (
    <Card title={t('settings.photo')}>
      <div className="flex flex-wrap items-center gap-6">
        {shown ? (
          <img
            src={shown}
            alt={t('settings.photoAlt')}
            className="h-24 w-24 rounded-full border border-line object-cover"
          />
        ) : (
          <span className="flex h-24 w-24 items-center justify-center rounded-full bg-sunken text-sm text-muted">
            {t('settings.noPhoto')}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <label htmlFor={inputId} className="text-sm font-medium text-fg">
            {t('settings.choosePhoto')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            aria-describedby={`${inputId}-hint`}
            className="block w-full text-sm text-fg file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-fg"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <p id={`${inputId}-hint`} className="text-xs text-muted">
            {t('settings.photoHint', { mb: MAX_PHOTO_BYTES / 1024 / 1024 })}
          </p>
          {problem && (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={!file}
              busy={upload.isPending}
              onClick={() => file && upload.mutate(file, { onSuccess: done('settings.photoSaved'), onError: failed })}
            >
              {t('settings.uploadPhoto')}
            </Button>
            {user.photoURL && !file && (
              <Button
                variant="secondary"
                busy={remove.isPending}
                onClick={() => remove.mutate(undefined, { onSuccess: done('settings.photoRemoved'), onError: failed })}
              >
                {t('settings.removePhoto')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
