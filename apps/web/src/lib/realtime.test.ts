import { describe, expect, it, vi } from 'vitest';
import { bannerKind } from './connection.ts';
import { parseEventData, publish, readEmbedded, realtimeUrl, subscribe } from './realtime.ts';

describe('realtime helpers', () => {
  it('builds the stream URL with unique topics', () => {
    expect(realtimeUrl(['me', 'admin.users', 'me'])).toBe('/api/v1/realtime?topics=me,admin.users');
    expect(realtimeUrl([])).toBe('/api/v1/realtime');
  });

  it('parses event data as JSON, keeps plain text, ignores empty', () => {
    expect(parseEventData('{"uid":"u1"}')).toEqual({ uid: 'u1' });
    expect(parseEventData('hello')).toBe('hello');
    expect(parseEventData('')).toBeUndefined();
  });

  it('reads embedded only when it is literally true', () => {
    expect(readEmbedded({ embedded: true })).toBe(true);
    expect(readEmbedded({ embedded: 'true' })).toBe(false);
    expect(readEmbedded(undefined)).toBe(false);
  });

  it('delivers published events to subscribers of that topic only, until they leave', () => {
    const me = vi.fn();
    const users = vi.fn();
    const offMe = subscribe('me', me);
    subscribe('admin.users', users);
    publish('me', { uid: 'a' });
    expect(me).toHaveBeenCalledWith({ uid: 'a' });
    expect(users).not.toHaveBeenCalled();
    offMe();
    publish('me', { uid: 'b' });
    expect(me).toHaveBeenCalledTimes(1);
  });
});

describe('connection banner (spec §1)', () => {
  it('shows "running" only while the stream is open on the embedded backend', () => {
    expect(bannerKind({ streamOpen: true, embedded: true, unreachable: false })).toBe('connected');
    expect(bannerKind({ streamOpen: true, embedded: false, unreachable: false })).toBeNull();
    expect(bannerKind({ streamOpen: false, embedded: true, unreachable: false })).toBeNull();
  });

  it('shows "disconnected" whenever the server cannot be reached', () => {
    expect(bannerKind({ streamOpen: false, embedded: true, unreachable: true })).toBe('disconnected');
    expect(bannerKind({ streamOpen: true, embedded: true, unreachable: true })).toBe('disconnected');
  });
});
