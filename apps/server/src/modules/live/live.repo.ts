import { type Db, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';

const { cameras } = schema;

/**
 * A camera's stream addresses and credentials: the substream for the H.264 rendition to read, the
 * main stream for talk-back (a camera's ONVIF backchannel is asked for on that address).
 */
export async function streamColumns(db: Db, cameraId: string) {
  const [row] = await db
    .select({
      sourceType: cameras.sourceType,
      sourceUrl: cameras.sourceUrl,
      sourceUsername: cameras.sourceUsername,
      sourcePasswordEnc: cameras.sourcePasswordEnc,
      substreamUrl: cameras.substreamUrl,
      substreamPasswordEnc: cameras.substreamPasswordEnc,
    })
    .from(cameras)
    .where(eq(cameras.id, cameraId));
  return row;
}
