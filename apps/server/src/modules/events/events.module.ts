import { TOPICS } from '@vigil/shared';
import { defineModule } from '../../kernel/module.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { createEventThumbnailTask } from './event-thumbnail.service.ts';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService } from './events.service.ts';

/** The recorder's writes (video/): the only way into the events table from outside this module. */
export {
  type NewEvent,
  THUMBNAIL_OFFSET_MS,
  armingAt,
  endDanglingMotion,
  endEvent,
  endOutages,
  eventPictureKey,
  hasOpenOutage,
  insertEvent,
  insertMotionEvent,
  queueThumbnail,
  recordPruned,
  setAiDescription,
  setEventPicture,
  updateAiDetection,
} from './event-log.service.ts';

/**
 * Events (motion, outages, gaps, AI detections): the API over them and, in a work process, each
 * motion event's thumbnail from the footage of its first second.
 */
export const eventsModule = defineModule({
  name: 'events',
  serve: {
    topics: [TOPICS.events],
    register: (app, { db, storage }) => eventsRoutes(app, { events: createEventsService({ db, storage }) }),
  },
  work: {
    start: ({ db, media, storage }) => {
      const thumbnails = createEventThumbnailTask({ db, media, storage, ffmpegPath: ffmpegTools().ffmpeg.path });
      return { tasks: { 'event-thumbnail': async (p) => void (await thumbnails.run(p.eventId)) } };
    },
  },
});
