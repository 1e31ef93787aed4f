import type { UserDoc } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useUpdateProfile } from '../api.ts';
import { useErrorText } from '../use-error-text.ts';

export function ProfileForm({ user }: { user: UserDoc }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const [displayName, setDisplayName] = useState(user.displayName);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { displayName: displayName.trim() },
      {
        onSuccess: () => toast({ kind: 'success', text: t('settings.saved') }),
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  };

  return (
    <Card title={t('settings.profile')}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField label={t('auth.email')} value={user.email} readOnly disabled name="email" />
        <TextField
          label={t('auth.displayName')}
          name="displayName"
          required
          maxLength={80}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <div>
          <Button type="submit" busy={update.isPending} disabled={displayName.trim() === ''}>
            {t('settings.saveProfile')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
