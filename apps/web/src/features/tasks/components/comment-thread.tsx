import { type TaskComment, TASK_COMMENT_MAX } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useAddComment } from '../api.ts';

/** A task's comments, oldest first, each with its author and time, and a box to add one. */
export function CommentThread({
  taskId,
  comments,
  timeZone,
}: {
  taskId: string;
  comments: TaskComment[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const add = useAddComment();
  const [body, setBody] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    add.mutate(
      { id: taskId, body: body.trim() },
      { onSuccess: () => setBody(''), onError: (err) => toast({ kind: 'error', text: errorText(err) }) },
    );
  };
  return (
    <section aria-labelledby={`comments-${taskId}`} className="grid gap-3 border-t border-line pt-4">
      <h3 id={`comments-${taskId}`} className="font-semibold text-fg">
        {t('tasks.comments.title', { count: comments.length })}
      </h3>
      {comments.length === 0 ? (
        <p className="text-sm text-muted">{t('tasks.comments.empty')}</p>
      ) : (
        <ol className="grid gap-2" data-testid="task-comments">
          {comments.map((c) => (
            <li key={c.id} className="rounded-md bg-sunken p-3">
              <p className="text-xs text-muted">
                <span className="font-medium text-fg">{c.author?.displayName || t('tasks.comments.formerMember')}</span>
                {' · '}
                <time dateTime={c.createdAt}>{formatDateTime(c.createdAt, timeZone, i18n.language)}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-fg">{c.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="grid gap-2">
        <TextareaField
          label={t('tasks.comments.add')}
          value={body}
          maxLength={TASK_COMMENT_MAX}
          rows={2}
          onChange={(e) => setBody(e.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" busy={add.isPending} disabled={!body.trim()}>
            {t('tasks.comments.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
