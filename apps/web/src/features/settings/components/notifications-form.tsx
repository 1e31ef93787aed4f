import type { UserDoc } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { loadPhoneCheck } from '../../../lib/phone-check.ts';
import { useUpdateProfile } from '../api.ts';
import { useErrorText } from '../use-error-text.ts';

const CHANNELS = ['email', 'push', 'sms'] as const;

/** phoneProblem's English reason → the translated sentence. */
function phoneMessageKey(problem: string): { key: string; number?: string } {
  const written = /^should be written (\+\d+)$/.exec(problem);
  if (written) return { key: 'notify.phoneWritten', number: written[1] };
  if (problem.startsWith('must be')) return { key: 'notify.phoneFormat' };
  return { key: 'notify.phoneInvalid' };
}

/** Spec §3 preferences.notifications: the channels, the daily digest and the SMS number. */
export function NotificationsForm({ user }: { user: UserDoc }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const prefs = user.preferences.notifications;
  const [channels, setChannels] = useState({ email: prefs.email, push: prefs.push, sms: prefs.sms });
  const [digest, setDigest] = useState(prefs.digest ?? false);
  const [phone, setPhone] = useState(prefs.phoneNumber ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();

  const phoneMessage = (problem: string) => {
    const { key, number } = phoneMessageKey(problem);
    return t(key, { number });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const phoneNumber = phone.replace(/[\s().-]/g, '') || null;
    const problem = phoneNumber ? (await loadPhoneCheck())(phoneNumber) : null;
    if (problem) return setPhoneError(phoneMessage(problem));
    if (channels.sms && !phoneNumber) return setPhoneError(t('notify.phoneNeeded'));
    setPhoneError(undefined);
    update.mutate(
      { preferences: { notifications: { ...channels, digest, phoneNumber } } },
      {
        onSuccess: () => toast({ kind: 'success', text: t('notify.saved') }),
        onError: (err) => {
          const field = err instanceof ApiError ? err.fields?.phoneNumber : undefined;
          if (field) setPhoneError(phoneMessage(field.replace(/^the phone number /, '')));
          else toast({ kind: 'error', text: errorText(err) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <fieldset>
        <legend className="text-sm font-semibold text-fg">{t('notify.channels')}</legend>
        {CHANNELS.map((c) => (
          <SwitchField
            key={c}
            label={t(`settings.notify.${c}`)}
            checked={channels[c]}
            onCheckedChange={(checked) => setChannels((n) => ({ ...n, [c]: checked }))}
          />
        ))}
        <SwitchField
          label={t('notify.digest')}
          description={t('notify.digestHint')}
          checked={digest}
          disabled={!channels.email}
          onCheckedChange={setDigest}
        />
      </fieldset>
      <TextField
        label={t('notify.phone')}
        hint={t('notify.phoneHint')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+33612345678"
        value={phone}
        error={phoneError}
        onChange={(e) => setPhone(e.target.value)}
      />
      <div>
        <Button type="submit" busy={update.isPending}>
          {t('notify.save')}
        </Button>
      </div>
    </form>
  );
}
