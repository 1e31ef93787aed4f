import type { CreateSiteInput, Site, UpdateSiteInput } from '@vigil/shared';
import { SITE_CONTACTS_MAX, SITE_TAGS_MAX } from '@vigil/shared';

/** The site form as typed: coordinates stay text until saved, so a half-typed "-4" is not lost. */
export interface ContactRow {
  name: string;
  phone: string;
  email: string;
}
export interface SiteForm {
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  /** '' = the workspace's time zone. */
  timezone: string;
  contacts: ContactRow[];
  notes: string;
  tags: string[];
}

export type SiteField = 'name' | 'address' | 'latitude' | 'longitude' | 'timezone' | 'contacts' | 'notes' | 'tags';
export type FieldProblems = Partial<Record<SiteField, string>>;

export const emptyContact = (): ContactRow => ({ name: '', phone: '', email: '' });

export const emptySiteForm = (): SiteForm => ({
  name: '',
  address: '',
  latitude: '',
  longitude: '',
  timezone: '',
  contacts: [],
  notes: '',
  tags: [],
});

export function formOfSite(site: Site): SiteForm {
  return {
    name: site.name,
    address: site.address ?? '',
    latitude: site.latitude === null ? '' : String(site.latitude),
    longitude: site.longitude === null ? '' : String(site.longitude),
    timezone: site.timezone ?? '',
    contacts: site.contacts.map((c) => ({ name: c.name, phone: c.phone ?? '', email: c.email ?? '' })),
    notes: site.notes ?? '',
    tags: [...site.tags],
  };
}

/** A coordinate as typed: '' = none, a decimal comma accepted (French keyboards), else NaN. */
export function readCoordinate(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(clean) ? Number(clean) : Number.NaN;
}

/**
 * What the browser can tell before asking: a coordinate that is not a number, one coordinate
 * without the other. Ranges, time zones, contacts and names are the server's to judge (its
 * messages show per field).
 */
export function localProblems(form: SiteForm): Partial<Record<SiteField, 'notNumber' | 'pair' | 'required'>> {
  const out: Partial<Record<SiteField, 'notNumber' | 'pair' | 'required'>> = {};
  if (!form.name.trim()) out.name = 'required';
  const lat = readCoordinate(form.latitude);
  const lon = readCoordinate(form.longitude);
  if (Number.isNaN(lat)) out.latitude = 'notNumber';
  if (Number.isNaN(lon)) out.longitude = 'notNumber';
  if (!out.latitude && !out.longitude && (lat === null) !== (lon === null))
    out[lat === null ? 'latitude' : 'longitude'] = 'pair';
  return out;
}

const contactsOf = (rows: readonly ContactRow[]) =>
  rows
    .filter((c) => c.name.trim() || c.phone.trim() || c.email.trim())
    .slice(0, SITE_CONTACTS_MAX)
    .map((c) => ({
      name: c.name.trim(),
      ...(c.phone.trim() ? { phone: c.phone.trim() } : {}),
      ...(c.email.trim() ? { email: c.email.trim() } : {}),
    }));

/** The body of POST /api/v1/sites (the whole form: blanks are nulls). */
export function createInput(form: SiteForm): CreateSiteInput {
  return {
    name: form.name.trim(),
    address: form.address.trim() || null,
    latitude: readCoordinate(form.latitude),
    longitude: readCoordinate(form.longitude),
    timezone: form.timezone || null,
    contacts: contactsOf(form.contacts),
    notes: form.notes.trim() || null,
    tags: form.tags.slice(0, SITE_TAGS_MAX),
  };
}

/** The body of PATCH /api/v1/sites/:id: only what changed (coordinates travel as a pair). */
export function patchOf(initial: SiteForm, form: SiteForm): UpdateSiteInput {
  const before = createInput(initial);
  const after = createInput(form);
  const patch: Record<string, unknown> = {};
  for (const key of ['name', 'address', 'timezone', 'notes'] as const) {
    if (before[key] !== after[key]) patch[key] = after[key];
  }
  if (before.latitude !== after.latitude || before.longitude !== after.longitude) {
    patch.latitude = after.latitude;
    patch.longitude = after.longitude;
  }
  if (JSON.stringify(before.contacts) !== JSON.stringify(after.contacts)) patch.contacts = after.contacts;
  if (JSON.stringify(before.tags) !== JSON.stringify(after.tags)) patch.tags = after.tags;
  return patch as UpdateSiteInput;
}

const FIELDS: readonly SiteField[] = [
  'name',
  'address',
  'latitude',
  'longitude',
  'timezone',
  'contacts',
  'notes',
  'tags',
];

/** The server's per-field messages (`fields` of an invalid-argument or already-exists answer), by form field. */
export function serverProblems(fields: Record<string, string> | undefined): FieldProblems {
  const out: FieldProblems = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = path.split(/[./]/)[0] as SiteField;
    if (FIELDS.includes(field) && !out[field]) out[field] = message;
  }
  return out;
}

/** The server's known messages, translated; anything else shows as sent. */
export function serverMessageKey(message: string): string | null {
  if (/between -90 and 90/.test(message)) return 'sites.error.latitudeRange';
  if (/between -180 and 180/.test(message)) return 'sites.error.longitudeRange';
  if (/go together/.test(message)) return 'sites.error.pair';
  if (/not a known time zone/.test(message)) return 'sites.error.timezone';
  if (/not a phone number/.test(message)) return 'sites.error.phone';
  if (/email/i.test(message)) return 'sites.error.email';
  if (/already/i.test(message)) return 'sites.error.nameTaken';
  return null;
}

/** A tag as the server keeps it (lower-case, trimmed); '' when there is nothing to add. */
export function normaliseTag(text: string): string {
  return text.trim().replace(/,/g, '').toLowerCase();
}

/** Adds typed tags ("a, b") to a list, once each, up to the limit. */
export function addTags(tags: readonly string[], typed: string): string[] {
  const out = [...tags];
  for (const part of typed.split(',')) {
    const tag = normaliseTag(part);
    if (tag && !out.includes(tag) && out.length < SITE_TAGS_MAX) out.push(tag);
  }
  return out;
}
