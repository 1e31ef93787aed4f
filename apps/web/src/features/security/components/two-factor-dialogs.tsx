import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { CurrentPasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api.ts';

/** New recovery codes: the password confirms it is the person, then the codes are shown once. */
export function RegenerateDialog({
  open,
  onOpenChange,
  onCodes,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCodes(codes: string[]): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const regenerate = useRegenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    regenerate.mutate(password, {
      onSuccess: (r) => {
        setPassword('');
        onCodes(r.recoveryCodes);
      },
    });
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('security.recovery.regenerate')}
      description={t('security.recovery.regenerateIntro')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <CurrentPasswordField
          value={password}
          onValueChange={setPassword}
          error={regenerate.isError ? errorText(regenerate.error) : undefined}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit" busy={regenerate.isPending} disabled={!password}>
            {t('security.recovery.regenerate')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

/** Turning two-factor off: the password and a current code, or a recovery code when the phone is lost. */
export function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const factor = useRecovery ? { recoveryCode: code.trim() } : { code: code.trim() };
    disable.mutate(
      { password, ...factor },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          onOpenChange(false);
          toast({ kind: 'success', text: t('security.twoFactor.disabled') });
        },
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('security.twoFactor.disable')}
      description={t('security.twoFactor.disableIntro')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <CurrentPasswordField value={password} onValueChange={setPassword} />
        <TextField
          label={t(useRecovery ? 'security.recoveryCode' : 'security.enrol.code')}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={disable.isError ? errorText(disable.error) : undefined}
        />
        <button
          type="button"
          className="self-start text-sm text-primary underline underline-offset-4"
          onClick={() => {
            setUseRecovery((v) => !v);
            setCode('');
          }}
        >
          {t(useRecovery ? 'security.useApp' : 'security.useRecovery')}
        </button>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
          <Button type="submit" variant="danger" busy={disable.isPending} disabled={!password || !code.trim()}>
            {t('security.twoFactor.disable')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
