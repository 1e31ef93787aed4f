// Summarises a V8 .cpuprofile (node --cpu-prof) as the functions with the most self time, from
// `SKIP` seconds after the start (so a recorder's start-up is left out) to `TAIL` seconds before
// the end (its shutdown):
//   node bench/recorder-profile-top.mjs FILE.cpuprofile [SKIP_S] [TAIL_S] [TOP]
import { readFileSync } from 'node:fs';

const [file, skipArg = '0', tailArg = '0', topArg = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: recorder-profile-top.mjs FILE.cpuprofile [SKIP_S] [TAIL_S] [TOP]');
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

const name = (n) => {
  const f = n.callFrame;
  const where = f.url ? `${f.url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};
/** The first frame of the stack that is Vigil's own code: which of our functions the time is for. */
function ownFrame(id) {
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const url = byId.get(at).callFrame.url;
    // The sources (run through tsx) or the bundle (apps/server/dist/main.js, as npm start runs it).
    if (/\/apps\/server\/(src|dist)\/|\/packages\//.test(url)) return name(byId.get(at));
  }
  return '(no Vigil frame: Node internals, GC, idle)';
}

const skipUs = Number(skipArg) * 1e6;
const endUs = profile.endTime - profile.startTime - Number(tailArg) * 1e6;
const self = new Map();
const own = new Map();
let t = profile.startTime;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  if (t - profile.startTime < skipUs || t - profile.startTime > endUs) continue;
  const node = byId.get(profile.samples[i]);
  const key = name(node);
  if (key.startsWith('(idle)')) continue;
  self.set(key, (self.get(key) ?? 0) + dt);
  const o = ownFrame(node.id);
  own.set(o, (own.get(o) ?? 0) + dt);
  total += dt;
}
const span = (endUs - skipUs) / 1e6;
const top = (m) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(topArg))
    .map(([k, us]) => ({
      'ms busy': +(us / 1000).toFixed(1),
      '% of busy': +((100 * us) / total).toFixed(1),
      frame: k,
    }));
console.log(
  `${file}: ${span.toFixed(1)} s profiled, ${(total / 1e6).toFixed(2)} s busy (${((100 * total) / 1e6 / span).toFixed(1)} % of a core)`,
);
console.log('\nself time by frame');
console.table(top(self));
console.log('\nby the innermost Vigil function on the stack (what our code asked for)');
console.table(top(own));
