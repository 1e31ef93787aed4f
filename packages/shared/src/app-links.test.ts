import { describe, expect, it } from 'vitest';
import { appLink, appLinkPath } from './app-links.ts';

const ORIGIN = 'https://vigil.example.com';
const open = (target: unknown) => appLinkPath(target, ORIGIN);

describe('web+vigil: links', () => {
  it('open events, cameras and tasks at their pages', () => {
    expect(open('web+vigil:event/0f8e2c1a-7b4d-4e7f-9a51-2c3d4e5f6a7b')).toBe(
      '/viewer/events?id=0f8e2c1a-7b4d-4e7f-9a51-2c3d4e5f6a7b',
    );
    expect(open('web+vigil:camera/cam_1')).toBe('/viewer/live?camera=cam_1');
    expect(open('web+vigil:task/abc-123')).toBe('/operator/tasks?id=abc-123');
    // As some browsers pass them: an authority-style slash pair, upper case, a trailing slash.
    expect(open('web+vigil://event/abc')).toBe('/viewer/events?id=abc');
    expect(open('WEB+VIGIL:Task/abc/')).toBe('/operator/tasks?id=abc');
    expect(open(appLink('camera', 'x1'))).toBe('/viewer/live?camera=x1');
  });

  it('refuses unknown kinds, odd ids and anything that could leave the app', () => {
    for (const bad of [
      'web+vigil:user/abc',
      'web+vigil:event/',
      'web+vigil:event/a/b',
      'web+vigil:event/abc?x=1',
      'web+vigil:event/abc#x',
      'web+vigil:event/../../admin',
      'web+vigil:event/%2F%2Fevil.com',
      `web+vigil:event/${'a'.repeat(65)}`,
      'web+other:event/abc',
      'javascript:alert(1)',
      '//evil.example/x',
      '/viewer/events',
      'https://evil.example.com/viewer/events',
      'https://vigil.example.com.evil.com/x',
      'https://user:pw@vigil.example.com/x',
      'https://vigil.example.com/open?target=x',
      '',
      undefined,
      42,
    ])
      expect(open(bad), String(bad)).toBeNull();
  });

  it('a plain link of this very origin keeps working', () => {
    expect(open('https://vigil.example.com/viewer/events?id=abc')).toBe('/viewer/events?id=abc');
    expect(open('https://vigil.example.com/operator/tasks?id=t#c')).toBe('/operator/tasks?id=t#c');
  });
});
