import type { Camera, NotificationRule, Recipient } from '@vigil/shared';
import { EVENT_KINDS, EVENT_SEVERITIES, PERSON_CHANNELS, RULE_ROLES } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useCreateRule, useUpdateRule } from '../api.ts';
import {
  type RuleForm,
  type RuleProblems,
  emptyRuleForm,
  ruleFormOf,
  ruleInputOf,
  ruleProblems,
  serverRuleProblems,
  toggle,
} from '../rule-model.ts';
import { CheckGroup } from './check-group.tsx';
import { CooldownField } from './cooldown-field.tsx';

export interface RuleDialogProps {
  onClose(): void;
  /** The rule being edited; absent when creating. */
  rule?: NotificationRule | undefined;
  cameras: readonly Camera[];
  people: readonly Recipient[];
}

/** Create or edit a rule. The browser checks what it can on Save; the server's field errors land at their fields. */
export function RuleDialog({ onClose, rule, cameras, people }: RuleDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const [form, setForm] = useState<RuleForm>(() => (rule ? ruleFormOf(rule) : emptyRuleForm()));
  const [checked, setChecked] = useState(false);
  const create = useCreateRule();
  const update = useUpdateRule();
  const failure = create.error ?? update.error;
  const apiFailure = failure instanceof ApiError ? failure : null;
  const fieldFailure = apiFailure?.code === 'invalid-argument' && apiFailure.fields ? apiFailure.fields : undefined;

  const local = ruleProblems(form);
  const server = serverRuleProblems(fieldFailure);
  const problem = (field: keyof RuleProblems): string | undefined => {
    if (checked && local[field]) return t(local[field]);
    const why = server[field];
    return why ? t(`serverMessage.${why}`, { defaultValue: why }) : undefined;
  };

  const change = (patch: Partial<RuleForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    create.reset();
    update.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(local).length) return;
    const done = () => {
      toast({ kind: 'success', text: t('notifications.rules.saved') });
      onClose();
    };
    const input = ruleInputOf(form);
    if (rule) update.mutate({ ruleId: rule.id, patch: input }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  };

  const roleLabel = (role: string) => t(`notifications.role.${role}`);
  // A camera deleted since the rule was written stays listed while ticked, so it can be unticked.
  const known = new Set(cameras.map((c) => c.id));
  const cameraOptions = [
    ...cameras.map((c) => ({ value: c.id, label: c.name })),
    ...form.cameraIds
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: t('notifications.rule.deletedCamera') })),
  ];
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(rule ? 'notifications.rule.editTitle' : 'notifications.rule.addTitle')}
      description={t('notifications.rule.description')}
      width="max-w-2xl"
    >
      <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
        <TextField
          label={t('notifications.rule.name')}
          value={form.name}
          maxLength={80}
          onChange={(e) => change({ name: e.target.value })}
          error={problem('name')}
          required
        />
        <SwitchField
          label={t('notifications.rule.enabled')}
          checked={form.enabled}
          onCheckedChange={(enabled) => change({ enabled })}
        />
        <CheckGroup
          legend={t('notifications.rule.kinds')}
          hint={t('notifications.rule.kindsHint')}
          options={EVENT_KINDS.map((k) => ({ value: k, label: t(`notifications.kind.${k}`) }))}
          value={form.kinds}
          onToggle={(k, on) => change({ kinds: toggle(form.kinds, k, on, EVENT_KINDS) })}
          error={problem('kinds')}
        />
        <CheckGroup
          legend={t('notifications.rule.severities')}
          options={EVENT_SEVERITIES.map((s) => ({ value: s, label: t(`notifications.severity.${s}`) }))}
          value={form.severities}
          onToggle={(s, on) => change({ severities: toggle(form.severities, s, on, EVENT_SEVERITIES) })}
          error={problem('severities')}
        />
        {cameraOptions.length ? (
          <CheckGroup
            legend={t('notifications.rule.cameras')}
            hint={t('notifications.rule.camerasHint')}
            options={cameraOptions}
            value={form.cameraIds}
            onToggle={(id, on) =>
              change({
                cameraIds: toggle(
                  form.cameraIds,
                  id,
                  on,
                  cameraOptions.map((c) => c.value),
                ),
              })
            }
            error={problem('cameras')}
            scroll={cameraOptions.length > 6}
            testId="rule-cameras"
          />
        ) : (
          <p className="text-sm text-muted">{t('notifications.rule.noCameras')}</p>
        )}
        <SwitchField
          label={t('notifications.rule.armed')}
          description={t('notifications.rule.armedHint')}
          checked={form.onlyWhenArmed}
          onCheckedChange={(onlyWhenArmed) => change({ onlyWhenArmed })}
        />
        <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-fg">{t('notifications.rule.recipients')}</legend>
          <p className="text-xs text-muted">{t('notifications.rule.recipientsHint')}</p>
          <CheckGroup
            legend={t('notifications.rule.roles')}
            options={RULE_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
            value={form.recipientRoles}
            onToggle={(r, on) => change({ recipientRoles: toggle(form.recipientRoles, r, on, RULE_ROLES) })}
          />
          {people.length > 0 && (
            <CheckGroup
              legend={t('notifications.rule.people')}
              options={people.map((p) => ({
                value: p.id,
                label: t('notifications.rule.person', { name: p.displayName || p.email, role: roleLabel(p.role) }),
              }))}
              value={form.recipientUserIds}
              onToggle={(id, on) =>
                change({
                  recipientUserIds: toggle(
                    form.recipientUserIds,
                    id,
                    on,
                    people.map((p) => p.id),
                  ),
                })
              }
              scroll={people.length > 6}
            />
          )}
          {problem('recipients') && (
            <p className="text-sm text-danger" data-testid="field-error">
              {problem('recipients')}
            </p>
          )}
        </fieldset>
        <CheckGroup
          legend={t('notifications.rule.channels')}
          options={PERSON_CHANNELS.map((c) => ({ value: c, label: t(`notifications.channel.${c}`) }))}
          value={form.channels}
          onToggle={(c, on) => change({ channels: toggle(form.channels, c, on, PERSON_CHANNELS) })}
          error={problem('channels')}
        />
        <CooldownField form={form} onChange={change} error={problem('cooldown')} />
        <div aria-live="polite">
          {checked && Object.keys(local).length > 0 && <Banner tone="error">{t('notifications.rule.fix')}</Banner>}
          {apiFailure && !fieldFailure && <Banner tone="error">{errorText(apiFailure)}</Banner>}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('notifications.cancel')}</Button>
          </DialogClose>
          <Button type="submit" busy={create.isPending || update.isPending}>
            {t('notifications.save')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
