import type { Site } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  addTags,
  createInput,
  emptySiteForm,
  formOfSite,
  localProblems,
  patchOf,
  readCoordinate,
  serverMessageKey,
  serverProblems,
} from './site-form-model.ts';

const site: Site = {
  id: 's1',
  name: 'Lyon depot',
  address: '1 rue de la Gare',
  latitude: 45.764,
  longitude: 4.8357,
  timezone: null,
  contacts: [{ name: 'Ana', phone: '+33 4 00 00 00 00' }],
  notes: null,
  tags: ['north', 'warehouse'],
  defaultScheduleId: null,
  defaultRetentionDays: null,
  counts: { cameras: 0, online: 0, offline: 0, disabled: 0, openAlerts: 0, storageBytes: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the site form', () => {
  it('reads coordinates as typed, a decimal comma included', () => {
    expect(readCoordinate('')).toBeNull();
    expect(readCoordinate(' 48,8566 ')).toBe(48.8566);
    expect(readCoordinate('-4.')).toBe(-4);
    expect(readCoordinate('+.5')).toBe(0.5);
    expect(readCoordinate('12e3')).toBeNaN();
    expect(readCoordinate('north')).toBeNaN();
  });

  it('catches only what the browser can know: no name, not a number, one coordinate alone', () => {
    expect(localProblems({ ...emptySiteForm(), name: 'A' })).toEqual({});
    expect(localProblems(emptySiteForm())).toEqual({ name: 'required' });
    expect(localProblems({ ...emptySiteForm(), name: 'A', latitude: 'x', longitude: '2' })).toEqual({
      latitude: 'notNumber',
    });
    expect(localProblems({ ...emptySiteForm(), name: 'A', latitude: '48' })).toEqual({ longitude: 'pair' });
    expect(localProblems({ ...emptySiteForm(), name: 'A', longitude: '2' })).toEqual({ latitude: 'pair' });
    // Out of range is the server's to say (its message shows beside the field).
    expect(localProblems({ ...emptySiteForm(), name: 'A', latitude: '91', longitude: '0' })).toEqual({});
  });

  it('sends blanks as nulls and drops empty contact rows', () => {
    const form = {
      ...emptySiteForm(),
      name: '  Paris HQ ',
      latitude: '48,85',
      longitude: '2.35',
      contacts: [
        { name: 'Bo', phone: '', email: 'bo@example.com' },
        { name: '', phone: '', email: '' },
      ],
    };
    expect(createInput(form)).toEqual({
      name: 'Paris HQ',
      address: null,
      latitude: 48.85,
      longitude: 2.35,
      timezone: null,
      contacts: [{ name: 'Bo', email: 'bo@example.com' }],
      notes: null,
      tags: [],
    });
  });

  it('patches only what changed, coordinates as a pair', () => {
    const initial = formOfSite(site);
    expect(patchOf(initial, initial)).toEqual({});
    expect(patchOf(initial, { ...initial, longitude: '4.9' })).toEqual({ latitude: 45.764, longitude: 4.9 });
    expect(patchOf(initial, { ...initial, tags: ['north'], address: '' })).toEqual({ tags: ['north'], address: null });
    expect(patchOf(initial, { ...initial, contacts: [] })).toEqual({ contacts: [] });
  });

  it('puts the server’s messages beside their fields and translates the known ones', () => {
    expect(
      serverProblems({ latitude: 'must be between -90 and 90', 'contacts/0/email': 'Invalid email', other: 'x' }),
    ).toEqual({ latitude: 'must be between -90 and 90', contacts: 'Invalid email' });
    expect(serverMessageKey('must be between -90 and 90')).toBe('sites.error.latitudeRange');
    expect(serverMessageKey('is not a known time zone')).toBe('sites.error.timezone');
    expect(serverMessageKey('something new')).toBeNull();
  });

  it('adds tags lower-case, once, split at commas', () => {
    expect(addTags(['north'], ' Warehouse, NORTH ,  ,cold ')).toEqual(['north', 'warehouse', 'cold']);
  });
});
