import type { Language, TaskPriority } from '@vigil/shared';
import type { NotifiedTask } from '../../lib/delivery-channel.ts';
import { escapeHtml, formatWhen, htmlButton, htmlFrame } from './mail-text.ts';

/** The words of the assignment notice (mail and push) in the assignee's language. */
export const TASK_TEXT = {
  en: {
    subject: (title: string) => `New task: ${title}`,
    pushTitle: (title: string) => `New task · ${title}`,
    intro: (by: string | null, ws: string) =>
      by ? `${by} assigned you a task in ${ws}.` : `You were assigned a task in ${ws}.`,
    priority: 'Priority',
    priorities: { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' } as Record<TaskPriority, string>,
    due: 'Due',
    noDue: 'No due time',
    camera: 'Camera',
    description: 'Description',
    open: 'Open the task',
    why: (ws: string) => `You receive this email because a task was assigned to you in ${ws} in Vigil.`,
    unsubscribe: 'Unsubscribe from notification emails',
  },
  fr: {
    subject: (title: string) => `Nouvelle tâche : ${title}`,
    pushTitle: (title: string) => `Nouvelle tâche · ${title}`,
    intro: (by: string | null, ws: string) =>
      by ? `${by} vous a attribué une tâche dans ${ws}.` : `Une tâche vous a été attribuée dans ${ws}.`,
    priority: 'Priorité',
    priorities: { low: 'Basse', normal: 'Normale', high: 'Haute', urgent: 'Urgente' } as Record<TaskPriority, string>,
    due: 'Échéance',
    noDue: 'Sans échéance',
    camera: 'Caméra',
    description: 'Description',
    open: 'Ouvrir la tâche',
    why: (ws: string) => `Vous recevez cet e-mail car une tâche vous a été attribuée dans ${ws} dans Vigil.`,
    unsubscribe: 'Se désabonner des e-mails de notification',
  },
} satisfies Record<Language, unknown>;

export interface TaskMailInput {
  lang: Language;
  timeZone: string;
  task: NotifiedTask;
  link: string;
  unsubscribeUrl: string;
}

/** The assignment notice: subject, plain body and HTML body saying the same things. */
export function taskMail(i: TaskMailInput): { subject: string; text: string; html: string } {
  const t = TASK_TEXT[i.lang];
  const task = i.task;
  const subject = t.subject(task.title);
  const intro = t.intro(task.assignedByName, task.workspaceName);
  const rows: [string, string][] = [
    [t.priority, t.priorities[task.priority]],
    [t.due, task.dueAt ? formatWhen(i.lang, i.timeZone, task.dueAt) : t.noDue],
    ...(task.cameraName ? [[t.camera, task.cameraName] as [string, string]] : []),
  ];
  const text = [
    subject,
    '',
    intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(task.description ? ['', `${t.description}:`, task.description] : []),
    '',
    `${t.open}: ${i.link}`,
    '',
    '--',
    t.why(task.workspaceName),
    `${t.unsubscribe}: ${i.unsubscribeUrl}`,
    '',
  ].join('\n');
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;color:#5b6470;font-weight:500">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const description = task.description
    ? `<p style="margin:16px 0 0;white-space:pre-wrap">${escapeHtml(task.description)}</p>`
    : '';
  const body = `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 12px">${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;font-size:15px">${table}</table>
${description}
${htmlButton(i.link, t.open)}`;
  const footer = `${escapeHtml(t.why(task.workspaceName))} <a href="${escapeHtml(i.unsubscribeUrl)}" style="color:#5b6470">${escapeHtml(t.unsubscribe)}</a>`;
  return { subject, text, html: htmlFrame(i.lang, subject, body, footer) };
}
