import { type DiscoveredDevice, checkImportCsv } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { CSV_TEMPLATE, deviceLabel, parseTargets, previewCsv } from './import-model.ts';

describe('camera import page model', () => {
  it('the template is a valid import of three cameras', () => {
    expect(previewCsv(CSV_TEMPLATE, checkImportCsv)).toEqual({ lines: 3, problems: [] });
  });

  it('the preview counts lines and lists problems', () => {
    const p = previewCsv('A,rtsp://h/a\nB,ftp://h/b\n\nC,rtsp://h/c,,,never', checkImportCsv);
    expect(p.lines).toBe(3);
    expect(p.problems.map((l) => l.line)).toEqual([2, 4]);
    expect(previewCsv('  \n', checkImportCsv)).toEqual({ lines: 0, problems: [] });
    // Until the check has loaded there is nothing to preview (and nothing to send).
    expect(previewCsv('A,rtsp://h/a', null)).toEqual({ lines: 0, problems: [] });
  });

  it('targets and labels', () => {
    expect(parseTargets(' 10.0.0.5, 10.0.0.6:3702;cam.local\n')).toEqual(['10.0.0.5', '10.0.0.6:3702', 'cam.local']);
    const d = { name: null, model: 'X1', host: '10.0.0.5' } as DiscoveredDevice;
    expect(deviceLabel(d)).toBe('X1');
    expect(deviceLabel({ ...d, model: null })).toBe('10.0.0.5');
  });
});
