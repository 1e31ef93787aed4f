import type { UserDoc } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { adminPlansQuery } from '../../../lib/plans.ts';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { UserRow } from './user-row.tsx';

const COLUMNS = ['name', 'email', 'role', 'plan', 'created', 'lastLogin', 'status', 'actions'] as const;

export function UsersTable({ users, selfUid, timeZone }: { users: UserDoc[]; selfUid: string; timeZone: string }) {
  const { t } = useTranslation();
  const plans = useQuery(adminPlansQuery);
  return (
    <ScrollTable
      caption={t('adminUsers.caption')}
      head={COLUMNS.map((c) => ({ key: c, label: t(`adminUsers.col.${c}`) }))}
      tableClassName="sm:min-w-[900px]"
    >
      {users.map((u) => (
        <UserRow key={u.uid} user={u} selfUid={selfUid} timeZone={timeZone} plans={plans.data} />
      ))}
    </ScrollTable>
  );
}
