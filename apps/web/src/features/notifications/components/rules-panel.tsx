import type { NotificationRule } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { TOPIC_CAMERAS } from '../../../lib/realtime.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { recipientsQuery, ruleCamerasQuery, rulesQuery, useDeleteRule, useUpdateRule } from '../api.ts';
import { ruleSentence } from '../rule-model.ts';
import { InlineSwitch } from './inline-switch.tsx';
import { RuleDialog } from './rule-dialog.tsx';

type Editing = { rule?: NotificationRule } | null;

/** The workspace's rules, each as a sentence, with its switch, edit and delete. */
export function RulesPanel() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const rules = useQuery(rulesQuery);
  const cameras = useQuery(ruleCamerasQuery);
  const people = useQuery(recipientsQuery);
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<Editing>(null);
  const queryClient = useQueryClient();
  // Cameras added, renamed or deleted anywhere: the picker and the sentences follow.
  useRealtimeEvent(TOPIC_CAMERAS, () => void queryClient.invalidateQueries({ queryKey: ruleCamerasQuery.queryKey }));
  const [deleting, setDeleting] = useState<NotificationRule | null>(null);

  const names = useMemo(
    () => ({
      cameras: new Map((cameras.data ?? []).map((c) => [c.id, c.name])),
      people: new Map((people.data ?? []).map((p) => [p.id, p.displayName || p.email])),
      locale: i18n.language,
    }),
    [cameras.data, people.data, i18n.language],
  );

  const setEnabled = (rule: NotificationRule, enabled: boolean) =>
    update.mutate(
      { ruleId: rule.id, patch: { enabled } },
      {
        onSuccess: () =>
          toast({
            kind: 'success',
            text: t(enabled ? 'notifications.rules.turnedOn' : 'notifications.rules.turnedOff', { name: rule.name }),
          }),
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('notifications.rules.deleted') });
        setDeleting(null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };

  const pending = rules.isPending || cameras.isPending || people.isPending;
  const failed = rules.error ?? cameras.error ?? people.error;
  const list = rules.data ?? [];
  return (
    <section aria-labelledby="rules-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 id="rules-heading" className="text-base font-semibold text-fg">
            {t('notifications.rules.list')}
          </h3>
          <p className="text-sm text-muted">{t('notifications.rules.intro')}</p>
        </div>
        {!pending && !failed && <Button onClick={() => setEditing({})}>{t('notifications.rules.add')}</Button>}
      </div>
      {pending ? (
        <Spinner label={t('app.loading')} />
      ) : failed ? (
        <Banner tone="error">
          {errorText(failed)}{' '}
          <button
            type="button"
            className="underline"
            onClick={() => void Promise.all([rules.refetch(), cameras.refetch(), people.refetch()])}
          >
            {t('notifications.retry')}
          </button>
        </Banner>
      ) : list.length === 0 ? (
        <p className="rounded-md border border-line p-4 text-center text-sm text-muted">
          {t('notifications.rules.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby="rules-heading">
          {list.map((rule) => (
            <li
              key={rule.id}
              data-testid="rule-item"
              className="flex flex-col gap-3 rounded-md border border-line p-3 sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-fg">{rule.name}</p>
                <p className={rule.enabled ? 'text-sm text-fg' : 'text-sm text-muted'} data-testid="rule-sentence">
                  {ruleSentence(rule, t, names)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <InlineSwitch
                  label={t('notifications.rules.enableLabel', { name: rule.name })}
                  checked={rule.enabled}
                  onCheckedChange={(on) => setEnabled(rule, on)}
                  disabled={update.isPending}
                  onText={t('notifications.on')}
                  offText={t('notifications.off')}
                />
                <Button
                  variant="secondary"
                  className="px-3"
                  aria-label={t('notifications.rules.editLabel', { name: rule.name })}
                  onClick={() => setEditing({ rule })}
                >
                  {t('notifications.edit')}
                </Button>
                <Button
                  variant="ghost"
                  className="px-3 text-danger"
                  aria-label={t('notifications.rules.deleteLabel', { name: rule.name })}
                  onClick={() => setDeleting(rule)}
                >
                  {t('notifications.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <RuleDialog
          rule={editing.rule}
          cameras={cameras.data ?? []}
          people={people.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('notifications.rules.confirmDelete.title', { name: deleting?.name ?? '' })}
        description={t('notifications.rules.confirmDelete.body')}
        confirmLabel={t('notifications.delete')}
        cancelLabel={t('notifications.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
