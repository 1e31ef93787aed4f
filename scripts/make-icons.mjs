// Draws the Vigil mark (apps/web/public/favicon.svg: a blue rounded square, a white ring, a white
// dot) as the PNG icons the PWA manifest, iOS and notifications need. Run after changing the mark:
//   node scripts/make-icons.mjs
// PNGs are written with node:zlib, no image library: the shapes are simple enough to rasterise by
// coverage (4×4 samples per pixel for smooth edges).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
const BLUE = [0x1d, 0x4e, 0xd8];
const WHITE = [0xff, 0xff, 0xff];

/**
 * The mark in the favicon's 32-unit space. `bleed`: the blue fills the whole square (maskable and
 * Apple icons, which the platform crops); `scale`: the mark's size within it (maskable icons keep
 * it inside the 80 % safe zone). `badge`: white on transparent, for the notification badge.
 */
function painter({ bleed = false, scale = 1, badge = false }) {
  return (x, y) => {
    // Into the favicon's coordinates, centred, scaled.
    const u = (x - 16) / scale + 16;
    const v = (y - 16) / scale + 16;
    const d = Math.hypot(u - 16, v - 16);
    const ring = Math.abs(d - 8) <= 1.5;
    const dot = d <= 3;
    if (ring || dot) return [...WHITE, 255];
    if (badge) return [0, 0, 0, 0];
    if (bleed || insideRoundedSquare(x, y)) return [...BLUE, 255];
    return [0, 0, 0, 0];
  };
}

function insideRoundedSquare(x, y, r = 7) {
  if (x < 0 || y < 0 || x > 32 || y > 32) return false;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

function render(size, paint) {
  const rgba = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = paint(((px + (sx + 0.5) / n) * 32) / size, ((py + (sy + 0.5) / n) * 32) / size);
          // Premultiplied, so transparent samples do not darken the edges.
          for (let i = 0; i < 3; i++) acc[i] += (c[i] * c[3]) / 255;
          acc[3] += c[3];
        }
      }
      const o = (py * size + px) * 4;
      const a = acc[3] / (n * n);
      for (let i = 0; i < 3; i++) rgba[o + i] = a ? Math.round((acc[i] / (n * n)) * (255 / a)) : 0;
      rgba[o + 3] = Math.round(a);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An 8-bit RGBA PNG (colour type 6), each row with filter 0. */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  ['icons/icon-192.png', 192, {}],
  ['icons/icon-512.png', 512, {}],
  ['icons/icon-maskable-512.png', 512, { bleed: true, scale: 0.75 }],
  ['icons/badge-96.png', 96, { badge: true, scale: 1.3 }],
  ['apple-touch-icon.png', 180, { bleed: true, scale: 0.85 }],
];

for (const [name, size, opts] of ICONS) {
  const file = path.join(PUBLIC, name);
  writeFileSync(file, png(size, render(size, painter(opts))));
  console.log(`${name} ${size}×${size}`);
}
