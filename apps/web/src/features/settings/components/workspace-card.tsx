import type { Workspace } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useUpdateWorkspace } from '../api.ts';
import '../translations.ts';
import { useErrorText } from '../use-error-text.ts';

/** The workspace's own settings, for its owner and managers: whether viewers may export footage. */
export function WorkspaceCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateWorkspace();
  return (
    <Card title={t('workspace.title')} className="lg:col-span-2">
      <p className="mb-2 text-sm text-muted">{t('workspace.intro', { name: workspace.name })}</p>
      <SwitchField
        label={t('workspace.viewersMayExport')}
        description={t('workspace.viewersMayExportHint')}
        checked={update.isPending ? Boolean(update.variables?.viewersMayExport) : workspace.viewersMayExport}
        disabled={update.isPending}
        onCheckedChange={(viewersMayExport) =>
          update.mutate(
            { viewersMayExport },
            {
              onSuccess: () => toast({ kind: 'success', text: t('workspace.saved') }),
              onError: (err) => toast({ kind: 'error', text: errorText(err) }),
            },
          )
        }
      />
    </Card>
  );
}
