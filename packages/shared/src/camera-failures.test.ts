import { describe, expect, it } from 'vitest';
import { CAMERA_FAILURE_CODES, cameraFailureMessage, parseCameraFailure } from './camera-failures.ts';

describe('camera failure catalogue', () => {
  it('each code’s sentence is found back with its code and target', () => {
    for (const code of CAMERA_FAILURE_CODES) {
      const text = cameraFailureMessage(code, '10.0.0.5:554');
      const parsed = parseCameraFailure(text);
      expect(parsed?.code, code).toBe(code);
      if (text.includes('10.0.0.5:554')) expect(parsed?.target).toBe('10.0.0.5:554');
    }
    expect(new Set(CAMERA_FAILURE_CODES.map((c) => cameraFailureMessage(c))).size).toBe(CAMERA_FAILURE_CODES.length);
  });
  it('a missing target reads "the camera"; other text is no failure of the catalogue', () => {
    expect(cameraFailureMessage('camera/refused')).toMatch(/^Connection refused by the camera:/);
    expect(parseCameraFailure('The camera stopped sending video')).toBeNull();
    expect(parseCameraFailure('x The camera has no stream at this path (404): check the path in the URL.')).toBeNull();
  });
});
