import { ROLES, type Role } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

export function UsersFilters(props: {
  search: string;
  onSearch(value: string): void;
  role: Role | '';
  onRole(value: Role | ''): void;
}) {
  const { t } = useTranslation();
  return (
    <search className="mb-4 grid gap-4 sm:grid-cols-[2fr_1fr]">
      <TextField
        label={t('adminUsers.search')}
        type="search"
        placeholder={t('adminUsers.searchPlaceholder')}
        value={props.search}
        onChange={(e) => props.onSearch(e.target.value)}
      />
      <SelectField
        label={t('adminUsers.roleFilter')}
        value={props.role}
        onChange={(e) => props.onRole(e.target.value as Role | '')}
        options={[
          { value: '', label: t('adminUsers.allRoles') },
          ...ROLES.map((r) => ({ value: r, label: t(`role.${r}`) })),
        ]}
      />
    </search>
  );
}
