import { describe, expect, it } from 'vitest';
import { silenceReport } from './talkback-session.ts';

/** The log line of a press that reached the camera with nothing: where the sound stopped. */
describe('silenceReport', () => {
  const base = { heldMs: 4200, received: 0, sent: 0, encoder: false, cameraOpen: true };

  it('says nothing of a talk that sent sound, or of a tap too short to judge', () => {
    expect(silenceReport({ ...base, received: 200, sent: 198, encoder: true })).toBeUndefined();
    expect(silenceReport({ ...base, heldMs: 600 })).toBeUndefined();
  });

  it('names the side where the sound stopped', () => {
    expect(silenceReport(base)).toBe(
      'talk-back: held 4.2 s with nothing sent to the camera (0 microphone packets from the browser, ' +
        'encoder never started, camera connection open)',
    );
    expect(silenceReport({ ...base, received: 210, encoder: true, cameraOpen: false })).toContain(
      '210 microphone packets from the browser, encoder running, camera connection closed',
    );
  });
});
