import type { MembershipRole } from '@vigil/shared';
import type { TFunction } from 'i18next';

export const roleLabel = (t: TFunction, role: MembershipRole | string) => t(`team.role.${role}`);
export const ROLE_CHOICES = ['manager', 'operator', 'viewer'] as const;
