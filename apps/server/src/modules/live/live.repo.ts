import { type Db, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';

const { cameras } = schema;

/** The live module's one read of its own: a camera's substream, for the H.264 rendition to read. */
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
