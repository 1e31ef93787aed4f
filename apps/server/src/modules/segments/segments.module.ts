import { defineModule } from '../../kernel/module.ts';
import { segmentIndex } from './segments.service.ts';

export { MAX_SEGMENT_MS, type SegmentRow, segmentIndex } from './segments.service.ts';

declare module '../../kernel/module.ts' {
  interface ServiceMap {
    segments: typeof segmentIndex;
  }
}

/**
 * The recorder's segment index as playback, exports and thumbnails read it. No routes: the
 * recorder writes the index (video/), this module is its one read model.
 */
export const segmentsModule = defineModule({
  name: 'segments',
  provides: { segments: () => segmentIndex },
});
