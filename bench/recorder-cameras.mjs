// Many recorded cameras on a started Vigil, for the recorder benches: the first through the API (a
// camera as the product makes it), the others as copies of its row inserted in batches. A loaded
// machine's API sheds camera creations (503, 504 at its request deadline, 409 to retry) and the
// API is not what these benches measure; each batch is claimed by the recorder's next lease round
// (every 2 s), so a batch's ffmpegs start together and the next batch after them.
import pg from 'pg';
import { databaseUrlOf, raiseCameraLimit } from './lib.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Adds camera `i` through the API, retrying what a loaded server answers; the camera is looked for
 * by name before it is asked for again (a 504 may come after the insert). Returns its id.
 */
async function addCamera(server, db, auth, i, url) {
  for (let attempt = 1; ; attempt++) {
    const r = await fetch(`${server.url}/api/v1/cameras`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: `cam ${i}`, source: { type: 'rtsp', url }, recordingMode: 'continuous' }),
    });
    if (r.status === 201) return (await r.json()).id;
    const text = await r.text();
    const { rows } = await db.query('select id from cameras where name = $1', [`cam ${i}`]);
    if (rows.length) return rows[0].id;
    // 5xx, or 409 "aborted": a conflict the API asks to retry (a serialization failure under load).
    if ((r.status < 500 && r.status !== 409) || attempt === 10) throw new Error(`camera ${i}: ${r.status} ${text}`);
    await sleep(2000 * attempt);
  }
}

/**
 * Cameras `from`…`to - 1` as copies of the template's row (every setting the API gave it), each
 * with its own name and address, in one insert; the owner's camera count follows.
 */
async function cloneCameras(db, template, from, to, urlOf) {
  const { rows: cols } = await db.query(
    `select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'cameras' and is_generated = 'NEVER'
        and is_identity = 'NO' and column_name not in
          ('id', 'name', 'source_url', 'created_at', 'updated_at', 'status', 'status_changed_at', 'last_error')`,
  );
  const list = cols.map((c) => `"${c.column_name}"`).join(', ');
  const ids = Array.from({ length: to - from }, (_, k) => from + k);
  await db.query(
    `insert into cameras (${list}, name, source_url)
     select ${list}, 'cam ' || g.i, g.url from cameras, unnest($2::int[], $3::text[]) as g(i, url) where id = $1`,
    [template, ids, ids.map(urlOf)],
  );
  await db.query(
    `update users set usage = jsonb_set(usage, '{camerasCount}', to_jsonb((select count(*)::int from cameras)))`,
  );
}

async function online(db) {
  const { rows } = await db.query(`select count(*)::int as n from cameras where status = 'online'`);
  return rows[0].n;
}

/**
 * How many cameras are in each status, with their last errors, and how many hold a live lease:
 * why some are not online (never claimed, or claimed and not reporting).
 */
async function statuses(db) {
  const { rows } = await db.query(
    `select c.status, count(*)::int as n, count(l.camera_id)::int as leased, (array_agg(distinct c.last_error))[1:3] as errors
       from cameras c left join camera_leases l on l.camera_id = c.id and l.expires_at > now()
      group by c.status`,
  );
  return JSON.stringify(rows);
}

/** Cameras with a segment indexed that ended since `since`: recording, not only connected. */
export async function recordingSince(db, since) {
  const { rows } = await db.query('select count(distinct camera_id)::int as n from segments where end_at >= $1', [
    since,
  ]);
  return rows[0].n;
}

/**
 * A recording bench's cameras on a started Vigil (`server`, its data folder `dir`): signs up its
 * account, lifts the camera limit to `max`, and returns `grow(n)`, which adds cameras up to `n`
 * (camera i at `urlOf(i)`) and waits until they are online, and `db`, a client of its database.
 * `motion: false` makes them without motion detection (the workspace's default for new cameras).
 */
export async function recordingCameras(server, dir, { max, urlOf, motion = true, batch = 16 }) {
  const db = new pg.Client({ connectionString: databaseUrlOf(dir) });
  await db.connect();
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'recorder@example.com', password: 'bench-password', displayName: 'Bench' }),
  });
  const { token } = await res.json();
  await raiseCameraLimit(dir, max);
  if (!motion) await db.query('update workspaces set new_camera_motion_alerts = false');
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let template;
  let added = 0;
  /**
   * Up to `n` cameras, then waits until they are online. A loaded machine starts them slowly and
   * may keep a few reconnecting: the wait goes on while more come online (a minute without one more
   * ends it), and once 90 % are online after that, those are measured. Returns the count online.
   */
  const grow = async (n) => {
    if (!template) {
      template = await addCamera(server, db, auth, 0, urlOf(0));
      added = 1;
    }
    for (; added < n; added = Math.min(n, added + batch)) {
      await cloneCameras(db, template, added, Math.min(n, added + batch), urlOf);
      await sleep(2500);
    }
    let best = 0;
    let progressAt = Date.now();
    for (;;) {
      const up = await online(db);
      if (up >= n) return up;
      if (up > best) {
        best = up;
        progressAt = Date.now();
      }
      if (Date.now() - progressAt > 60_000) {
        if (up >= 0.9 * n) return up;
        // The recorder's own words about its cameras (failed starts, writes) say why.
        const said = server
          .output()
          .split('\n')
          .filter((l) => /\[recorder\] camera /.test(l))
          .slice(-12)
          .join('\n');
        throw new Error(`${up} of ${n} cameras online after the wait: ${await statuses(db)}\n${said}`);
      }
      await sleep(1000);
    }
  };
  return { db, grow };
}
