import { type AdminPlan, type CreatePlanInput, PLAN_KEY_RE, type UpdatePlanInput } from '@vigil/shared';

/** The editor's fields as typed: numbers stay text until saved, so a half-typed "29," is not lost. */
export interface PlanForm {
  key: string;
  name: string;
  description: string;
  currency: string;
  monthly: string;
  yearly: string;
  maxCameras: string;
  maxRecordings: string;
  maxStorage: string;
  aiAnalysisQuota: string;
  aiAccess: boolean;
  vms: boolean;
  public: boolean;
  archived: boolean;
  order: string;
}

/** The form field each API field (as the server names it in `fields`) is shown beside. */
export const FIELD_OF: Record<string, keyof PlanForm> = {
  key: 'key',
  name: 'name',
  description: 'description',
  currency: 'currency',
  'prices.monthly': 'monthly',
  'prices.yearly': 'yearly',
  'limits.maxCameras': 'maxCameras',
  'limits.maxRecordings': 'maxRecordings',
  'limits.maxStorage': 'maxStorage',
  'limits.aiAnalysisQuota': 'aiAnalysisQuota',
  order: 'order',
};

export function formOf(plan: AdminPlan | null, currency = 'EUR'): PlanForm {
  if (!plan) {
    return {
      key: '',
      name: '',
      description: '',
      currency,
      monthly: '',
      yearly: '',
      maxCameras: '',
      maxRecordings: '',
      maxStorage: '',
      aiAnalysisQuota: '0',
      aiAccess: false,
      vms: false,
      public: true,
      archived: false,
      order: '100',
    };
  }
  return {
    key: plan.key,
    name: plan.name,
    description: plan.description,
    currency: plan.currency,
    monthly: String(plan.prices.monthly),
    yearly: String(plan.prices.yearly),
    maxCameras: String(plan.limits.maxCameras),
    maxRecordings: String(plan.limits.maxRecordings),
    maxStorage: String(plan.limits.maxStorage),
    aiAnalysisQuota: String(plan.limits.aiAnalysisQuota),
    aiAccess: plan.features.aiAccess,
    vms: plan.features.vms,
    public: plan.public,
    archived: plan.archived,
    order: String(plan.order),
  };
}

/** A typed number, French decimal comma accepted; NaN when it is not one. */
export function readNumber(text: string): number {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  return clean === '' ? Number.NaN : Number(clean);
}

export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

const INTEGERS = ['maxCameras', 'maxRecordings', 'aiAnalysisQuota', 'order'] as const;
const DECIMALS = ['monthly', 'yearly', 'maxStorage'] as const;

/**
 * What the browser can tell before saving (i18n keys): a key's shape, a name, numbers that are
 * numbers and not negative. The server's rules (currency codes, maxima, a key clash) come back
 * as field errors and are shown in the same places.
 */
export function formProblems(form: PlanForm, creating: boolean): Partial<Record<keyof PlanForm, Problem>> {
  const out: Partial<Record<keyof PlanForm, Problem>> = {};
  if (creating && !PLAN_KEY_RE.test(form.key)) out.key = { key: 'pricing.error.key' };
  if (!form.name.trim()) out.name = { key: 'pricing.error.required' };
  if (!/^[A-Za-z]{3}$/.test(form.currency.trim())) out.currency = { key: 'pricing.error.currency' };
  for (const f of [...INTEGERS, ...DECIMALS]) {
    const n = readNumber(form[f]);
    if (Number.isNaN(n)) out[f] = { key: 'pricing.error.number' };
    else if (n < 0) out[f] = { key: 'pricing.error.negative' };
    else if ((INTEGERS as readonly string[]).includes(f) && !Number.isInteger(n))
      out[f] = { key: 'pricing.error.integer' };
  }
  if (!out.maxStorage && readNumber(form.maxStorage) === 0) out.maxStorage = { key: 'pricing.error.positive' };
  return out;
}

/** The body the API takes: every field (a PATCH with all of them is the simplest honest edit). */
export function bodyOf(form: PlanForm): UpdatePlanInput {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    currency: form.currency.trim().toUpperCase(),
    prices: { monthly: readNumber(form.monthly), yearly: readNumber(form.yearly) },
    limits: {
      maxCameras: readNumber(form.maxCameras),
      maxRecordings: readNumber(form.maxRecordings),
      maxStorage: readNumber(form.maxStorage),
      aiAnalysisQuota: readNumber(form.aiAnalysisQuota),
    },
    features: { aiAccess: form.aiAccess, vms: form.vms },
    public: form.public,
    archived: form.archived,
    order: readNumber(form.order),
  };
}

export const createBodyOf = (form: PlanForm): CreatePlanInput =>
  ({ key: form.key.trim(), ...bodyOf(form) }) as CreatePlanInput;

/** The server's field errors, moved onto the form's field names. */
export function serverProblems(fields: Record<string, string> | undefined): Partial<Record<keyof PlanForm, string>> {
  const out: Partial<Record<keyof PlanForm, string>> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = FIELD_OF[path] ?? FIELD_OF[path.split('.').slice(0, 2).join('.')];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

/** Whether a save changes a price: the editor then says when subscribers see it. */
export const pricesChanged = (plan: AdminPlan | null, form: PlanForm) =>
  !!plan &&
  (readNumber(form.monthly) !== plan.prices.monthly ||
    readNumber(form.yearly) !== plan.prices.yearly ||
    form.currency.trim().toUpperCase() !== plan.currency);
