import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { authSettingsQuery, useSaveAuthSettings } from '../api.ts';

/** Installation sign-in settings: whether a failed sign-in says which half was wrong. */
export function SignInSettings() {
  const { t } = useTranslation();
  const toast = useToast();
  const query = useQuery(authSettingsQuery);
  const save = useSaveAuthSettings();
  const errorText = useErrorText();

  return (
    <Card title={t('adminSettings.signIn.title')}>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : (
        <SwitchField
          label={t('adminSettings.signIn.enumerationProtection')}
          description={t('adminSettings.signIn.enumerationProtection.desc')}
          checked={save.isPending ? Boolean(save.variables?.enumerationProtection) : query.data.enumerationProtection}
          disabled={save.isPending}
          onCheckedChange={(enumerationProtection) =>
            save.mutate(
              { enumerationProtection },
              {
                onSuccess: () => toast({ kind: 'success', text: t('adminSettings.saved') }),
                onError: (err) => toast({ kind: 'error', text: errorText(err) }),
              },
            )
          }
        />
      )}
    </Card>
  );
}
