import type { DiskGuardSettings } from '@vigil/shared';

/** The two fields as typed: text until saved, so a half-typed "2," is not lost. */
export interface DiskGuardForm {
  percent: string;
  maxGb: string;
}

export const formOf = (s: DiskGuardSettings): DiskGuardForm => ({ percent: String(s.percent), maxGb: String(s.maxGb) });

const decimal = (text: string) => {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
};

/** The same bounds as the server's schema; each problem is an i18n key. */
export function diskGuardProblems(form: DiskGuardForm): Partial<Record<keyof DiskGuardForm, string>> {
  const problems: Partial<Record<keyof DiskGuardForm, string>> = {};
  const percent = decimal(form.percent);
  if (!(percent >= 0.5 && percent <= 50)) problems.percent = 'adminSettings.storage.percent.invalid';
  const maxGb = decimal(form.maxGb);
  if (!(maxGb >= 0.1 && maxGb <= 10_000)) problems.maxGb = 'adminSettings.storage.maxGb.invalid';
  return problems;
}

export const bodyOf = (form: DiskGuardForm): DiskGuardSettings => ({
  percent: decimal(form.percent),
  maxGb: decimal(form.maxGb),
});
