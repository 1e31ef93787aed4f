import type { OnvifProbeResult, OnvifProfile } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useCreateCamera, useOnvifProbe } from '../api.ts';
import { profileLabel } from '../onvif-model.ts';

export interface OnvifDialogProps {
  onOpenChange(open: boolean): void;
  /** The server refused a new camera for the workspace's state: the page re-reads the count. */
  onLimit(): void;
}

/**
 * Add a camera by its ONVIF address: the device is asked for its model and profiles, one is
 * chosen as the main stream (and one as the substream, for tiles), and the camera is saved as
 * their RTSP streams. The password goes to the server only; the page never shows it again.
 */
export function OnvifDialog({ onOpenChange, onLimit }: OnvifDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const probe = useOnvifProbe();
  const create = useCreateCamera();
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [found, setFound] = useState<OnvifProbeResult | null>(null);
  const [name, setName] = useState('');
  const [profile, setProfile] = useState('');
  const [subProfile, setSubProfile] = useState('');
  const failure = create.error ?? probe.error;
  const apiFailure = failure instanceof ApiError ? failure : null;

  const credentials = () => (username ? { username, password } : {});
  const ask = (e: FormEvent) => {
    e.preventDefault();
    create.reset();
    probe.mutate(
      { address, ...credentials() },
      {
        onSuccess: (r) => {
          setFound(r);
          setName([r.device.manufacturer, r.device.model].filter(Boolean).join(' ') || address);
          setProfile(r.profiles[0]?.token ?? '');
          // The smallest other profile makes the substream, as cameras order them largest first.
          setSubProfile(r.profiles.length > 1 ? r.profiles[r.profiles.length - 1]!.token : '');
        },
      },
    );
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        recordingMode: 'continuous',
        source: {
          type: 'onvif',
          address,
          ...credentials(),
          profile,
          ...(subProfile && subProfile !== profile ? { subProfile } : {}),
        },
      },
      {
        onSuccess: () => {
          toast({ kind: 'success', text: t('cameras.saved') });
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'failed-precondition') onLimit();
        },
      },
    );
  };
  const options = (profiles: OnvifProfile[]) => profiles.map((p) => ({ value: p.token, label: profileLabel(p, t) }));

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('cameras.onvif.title')}
      description={t('cameras.onvif.description')}
    >
      {!found ? (
        <form onSubmit={ask} className="flex flex-col gap-4" noValidate>
          <TextField
            label={t('cameras.onvif.address')}
            name="onvif-address"
            hint={t('cameras.onvif.addressHint')}
            autoComplete="off"
            inputMode="url"
            required
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <TextField
            label={t('cameras.form.username')}
            name="onvif-username"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label={t('cameras.form.password')}
            name="onvif-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div aria-live="polite">
            {probe.isPending && <p className="text-sm text-muted">{t('cameras.onvif.asking')}</p>}
            {apiFailure && <Banner tone="error">{errorText(apiFailure)}</Banner>}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">{t('cameras.cancel')}</Button>
            </DialogClose>
            <Button type="submit" busy={probe.isPending} disabled={!address.trim()}>
              {t('cameras.onvif.find')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={add} className="flex flex-col gap-4" noValidate>
          <p className="text-sm" data-testid="onvif-device">
            {t('cameras.onvif.device', {
              device: [found.device.manufacturer, found.device.model].filter(Boolean).join(' ') || address,
              firmware: found.device.firmware ?? '—',
            })}
          </p>
          <TextField
            label={t('cameras.form.name')}
            name="onvif-name"
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <SelectField
            label={t('cameras.onvif.main')}
            name="onvif-profile"
            value={profile}
            options={options(found.profiles)}
            onChange={(e) => setProfile(e.target.value)}
          />
          <SelectField
            label={t('cameras.onvif.sub')}
            name="onvif-sub-profile"
            value={subProfile}
            options={[
              { value: '', label: t('cameras.onvif.noSub') },
              ...options(found.profiles.filter((p) => p.token !== profile)),
            ]}
            onChange={(e) => setSubProfile(e.target.value)}
          />
          <div aria-live="polite">{apiFailure && <Banner tone="error">{errorText(apiFailure)}</Banner>}</div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setFound(null)}>
              {t('cameras.onvif.back')}
            </Button>
            <Button type="submit" busy={create.isPending} disabled={!name.trim() || !profile}>
              {t('cameras.onvif.add')}
            </Button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
