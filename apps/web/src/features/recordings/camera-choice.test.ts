import { describe, expect, it } from 'vitest';
import { chooseCamera } from './camera-choice.ts';

const cameras = [{ id: 'cam-a' }, { id: 'cam-b' }];

describe('chooseCamera', () => {
  it('keeps a camera the user can see', () => {
    expect(chooseCamera('cam-b', cameras)).toEqual({ id: 'cam-b', replaced: false });
  });
  it('opens the first camera when the link names none', () => {
    expect(chooseCamera(null, cameras)).toEqual({ id: 'cam-a', replaced: false });
  });
  it('falls back to the first camera, and says so, for a deleted or malformed id', () => {
    expect(chooseCamera('deleted-camera-id', cameras)).toEqual({ id: 'cam-a', replaced: true });
    expect(chooseCamera('%%not an id', cameras)).toEqual({ id: 'cam-a', replaced: true });
  });
  it('asks nothing before the list has loaded, and has nothing to show without cameras', () => {
    expect(chooseCamera('cam-a', undefined)).toEqual({ id: '', replaced: false });
    expect(chooseCamera('cam-a', [])).toEqual({ id: '', replaced: true });
  });
});
