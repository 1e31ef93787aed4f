import type { UserDoc } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { adminPlansQuery } from '../../../lib/plans.ts';
import { useTranslation } from 'react-i18next';
import { UserRow } from './user-row.tsx';

const COLUMNS = ['name', 'email', 'role', 'plan', 'created', 'lastLogin', 'status', 'actions'] as const;

export function UsersTable({ users, selfUid, timeZone }: { users: UserDoc[]; selfUid: string; timeZone: string }) {
  const { t } = useTranslation();
  const plans = useQuery(adminPlansQuery);
  return (
    // Wide tables scroll sideways on phones instead of squeezing columns unreadably; the
    // scroll area is focusable so keyboard users can scroll it too.
    <section
      aria-label={t('adminUsers.caption')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-line bg-surface"
    >
      <table className="w-full min-w-[900px] border-collapse">
        <caption className="sr-only">{t('adminUsers.caption')}</caption>
        <thead className="bg-sunken">
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c}
                scope="col"
                className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase"
              >
                {t(`adminUsers.col.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <UserRow key={u.uid} user={u} selfUid={selfUid} timeZone={timeZone} plans={plans.data} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
