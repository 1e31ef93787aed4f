import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';

const ROWS: [keys: string[], label: string][] = [
  [['j', 'k'], 'ops.help.move'],
  [['a'], 'ops.help.acknowledge'],
  [['m'], 'ops.help.assignToMe'],
  [['Enter', 'o'], 'ops.help.open'],
  [['?'], 'ops.help.help'],
];

/** The queue's keys, opened with "?" or its button. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('ops.help.title')}
      description={t('ops.help.desc')}
      width="max-w-md"
    >
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {ROWS.map(([keys, label]) => (
          <div key={label} className="contents">
            <dt className="whitespace-nowrap">
              {keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && <span className="mx-1 text-muted">{t('ops.help.or')}</span>}
                  <kbd className="rounded border border-line bg-sunken px-1.5 py-0.5 font-mono text-fg">{k}</kbd>
                </span>
              ))}
            </dt>
            <dd className="text-fg">{t(label)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('ops.help.close')}
        </Button>
      </div>
    </FormDialog>
  );
}
