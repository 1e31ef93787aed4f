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

  const submit = found ? add : ask;
  const login = [
    {
      name: 'address',
      label: 'cameras.onvif.address',
      value: address,
      set: setAddress,
      hint: 'cameras.onvif.addressHint',
    },
    { name: 'username', label: 'cameras.form.username', value: username, set: setUsername },
    { name: 'password', label: 'cameras.form.password', value: password, set: setPassword, type: 'password' },
  ];

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={t('cameras.onvif.title')}
      description={t('cameras.onvif.description')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {!found &&
          login.map((f) => (
            <TextField
              key={f.name}
              label={t(f.label)}
              name={`onvif-${f.name}`}
              hint={f.hint && t(f.hint)}
              type={f.type}
              // The camera's login, not the person's: never offered by the browser's password manager.
              autoComplete={f.type ? 'new-password' : 'off'}
              value={f.value}
              onChange={(e) => f.set(e.target.value)}
            />
          ))}
        {found && (
          <>
            <p className="text-sm" data-testid="onvif-device">
              {t('cameras.onvif.device', {
                device: [found.device.manufacturer, found.device.model].filter(Boolean).join(' ') || address,
                firmware: found.device.firmware ?? '—',
              })}
            </p>
            <TextField
              label={t('cameras.form.name')}
              onChange={(e) => setName(e.target.value)}
              value={name}
              name="onvif-name"
              maxLength={80}
            />
            {[
              {
                name: 'profile',
                label: 'cameras.onvif.main',
                value: profile,
                set: setProfile,
                options: options(found.profiles),
              },
              {
                name: 'sub-profile',
                label: 'cameras.onvif.sub',
                value: subProfile,
                set: setSubProfile,
                options: [
                  { value: '', label: t('cameras.onvif.noSub') },
                  ...options(found.profiles.filter((p) => p.token !== profile)),
                ],
              },
            ].map((f) => (
              <SelectField
                key={f.name}
                label={t(f.label)}
                name={`onvif-${f.name}`}
                value={f.value}
                options={f.options}
                onChange={(e) => f.set(e.target.value)}
              />
            ))}
          </>
        )}
        <div aria-live="polite">
          {probe.isPending && <p className="text-sm text-muted">{t('cameras.onvif.asking')}</p>}
          {apiFailure && <Banner tone="error">{errorText(apiFailure)}</Banner>}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {found ? (
            <Button variant="secondary" onClick={() => setFound(null)}>
              {t('cameras.onvif.back')}
            </Button>
          ) : (
            <DialogClose asChild>
              <Button variant="secondary">{t('cameras.cancel')}</Button>
            </DialogClose>
          )}
          <Button
            type="submit"
            busy={probe.isPending || create.isPending}
            disabled={found ? !name.trim() || !profile : !address.trim()}
          >
            {t(found ? 'cameras.onvif.add' : 'cameras.onvif.find')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
