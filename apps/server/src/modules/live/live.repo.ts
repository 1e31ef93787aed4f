import { type Db, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';

const { cameras } = schema;

/** A camera's substream, for the H.264 rendition to read. */
export async function substreamColumns(db: Db, cameraId: string) {
  const [row] = await db
    .select({
      sourceType: cameras.sourceType,
      substreamUrl: cameras.substreamUrl,
      substreamPasswordEnc: cameras.substreamPasswordEnc,
    })
    .from(cameras)
    .where(eq(cameras.id, cameraId));
  return row;
}

/** The camera's main stream address and credentials: its ONVIF backchannel is asked for on the same address. */
export async function sourceColumns(db: Db, cameraId: string) {
  const [row] = await db
    .select({
      sourceType: cameras.sourceType,
      sourceUrl: cameras.sourceUrl,
      sourceUsername: cameras.sourceUsername,
      sourcePasswordEnc: cameras.sourcePasswordEnc,
    })
    .from(cameras)
    .where(eq(cameras.id, cameraId));
  return row;
}
