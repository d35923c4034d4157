// Draws the benchmark's chart (median time per query per engine, 2 threads) as a PNG with no
// dependency beyond node itself: bars and a built-in 5x7 pixel font go into an RGB raster,
// which node's zlib compresses into PNG's IDAT chunk. Chosen over SVG + rsvg-convert (a large
// Debian dependency tree) and over an npm PNG package (one more pinned download): the chart
// needs only rectangles and short lowercase labels.
import { writeFileSync } from 'node:fs';
import zlib from 'node:zlib';

// Each glyph: 7 rows of 5 pixels, '#' on.
const GLYPHS = {
  a: '..... ..... .###. ....# .#### #...# .####', b: '#.... #.... #.##. ##..# #...# #...# ####.',
  c: '..... ..... .###. #.... #.... #...# .###.', d: '....# ....# .##.# #..## #...# #...# .####',
  e: '..... ..... .###. #...# ##### #.... .###.', f: '..##. .#..# .#... ###.. .#... .#... .#...',
  g: '..... .#### #...# #...# .#### ....# .###.', h: '#.... #.... #.##. ##..# #...# #...# #...#',
  i: '..#.. ..... .##.. ..#.. ..#.. ..#.. .###.', j: '...#. ..... ..##. ...#. ...#. #..#. .##..',
  k: '#.... #.... #..#. #.#.. ##... #.#.. #..#.', l: '.##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  m: '..... ..... ##.#. #.#.# #.#.# #...# #...#', n: '..... ..... #.##. ##..# #...# #...# #...#',
  o: '..... ..... .###. #...# #...# #...# .###.', p: '..... ..... ####. #...# ####. #.... #....',
  q: '..... ..... .##.# #..## .#### ....# ....#', r: '..... ..... #.##. ##..# #.... #.... #....',
  s: '..... ..... .###. #.... .###. ....# ####.', t: '.#... .#... ###.. .#... .#... .#..# ..##.',
  u: '..... ..... #...# #...# #...# #..## .##.#', v: '..... ..... #...# #...# #...# .#.#. ..#..',
  w: '..... ..... #...# #...# #.#.# #.#.# .#.#.', x: '..... ..... #...# .#.#. ..#.. .#.#. #...#',
  y: '..... ..... #...# #...# .#### ....# .###.', z: '..... ..... ##### ...#. ..#.. .#... #####',
  0: '.###. #...# #..## #.#.# ##..# #...# .###.', 1: '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  2: '.###. #...# ....# ...#. ..#.. .#... #####', 3: '##### ...#. ..#.. ...#. ....# #...# .###.',
  4: '...#. ..##. .#.#. #..#. ##### ...#. ...#.', 5: '##### #.... ####. ....# ....# #...# .###.',
  6: '..##. .#... #.... ####. #...# #...# .###.', 7: '##### ....# ...#. ..#.. .#... .#... .#...',
  8: '.###. #...# #...# .###. #...# #...# .###.', 9: '.###. #...# #...# .#### ....# ...#. .##..',
  _: '..... ..... ..... ..... ..... ..... #####', '-': '..... ..... ..... ##### ..... ..... .....',
  '.': '..... ..... ..... ..... ..... .##.. .##..', ',': '..... ..... ..... ..... .##.. ..#.. .#...',
  '(': '...#. ..#.. .#... .#... .#... ..#.. ...#.', ')': '.#... ..#.. ...#. ...#. ...#. ..#.. .#...',
  '/': '..... ....# ...#. ..#.. .#... #.... .....', ':': '..... .##.. .##.. ..... .##.. .##.. .....',
  '=': '..... ..... ##### ..... ##### ..... .....', ' ': '..... ..... ..... ..... ..... ..... .....',
};

const COLORS = {
  floe: [31, 119, 180], 'floe no-DPP': [44, 160, 44], 'floe no-pruning': [255, 127, 14],
  duckdb: [120, 120, 120],
};

class Raster {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.pixels = Buffer.alloc(width * height * 3, 255);
  }

  /// Fills the rectangle [x, x + w) x [y, y + h) with an RGB color.
  rect(x, y, w, h, rgb) {
    for (let j = Math.max(0, y); j < Math.min(this.height, y + h); j++) {
      for (let i = Math.max(0, x); i < Math.min(this.width, x + w); i++) {
        this.pixels.set(rgb, (j * this.width + i) * 3);
      }
    }
  }

  /// Draws lowercase text with its top-left corner at (x, y), each font pixel `scale` wide.
  text(x, y, s, rgb = [0, 0, 0], scale = 2) {
    for (const ch of s.toLowerCase()) {
      const glyph = GLYPHS[ch] ?? GLYPHS[' '];
      glyph.split(' ').forEach((row, j) => {
        for (let i = 0; i < 5; i++) if (row[i] === '#') this.rect(x + i * scale, y + j * scale, scale, scale, rgb);
      });
      x += 6 * scale;
    }
  }

  /// Returns the raster encoded as an 8-bit RGB PNG.
  png() {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let j = 0; j < this.height; j++) {
      rows[j * (this.width * 3 + 1)] = 0;  // filter type None
      this.pixels.copy(rows, j * (this.width * 3 + 1) + 1, j * this.width * 3, (j + 1) * this.width * 3);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);  // 8 bits, RGB, deflate, adaptive filters, no interlace
    return Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/// Writes the chart of a report (see run.mjs) to `file`: per query, one bar per engine at 2
/// threads, scaled to that query's slowest engine, labelled with its median in ms.
export function writeChart(report, file) {
  const groups = [];
  for (const w of report.workloads) {
    for (const q of w.queries) {
      const bars = q.runs.filter((r) => r.threads === 2 && !r.error);
      if (bars.length) groups.push({ label: `${w.name}: ${q.name}`, bars });
    }
  }
  const barHeight = 14, gap = 3, labelHeight = 22, groupGap = 10, left = 20, top = 70;
  const height = top + groups.reduce((h, g) => h + labelHeight + g.bars.length * (barHeight + gap) + groupGap, 0) + 10;
  const width = 1000, barLeft = 260, barMax = width - barLeft - 140;
  const r = new Raster(width, height);
  r.text(left, 10, 'median ms per query, 2 threads (bars scaled per query)');
  let x = left;
  for (const [engine, rgb] of Object.entries(COLORS)) {
    r.rect(x, 40, 14, 14, rgb);
    r.text(x + 20, 40, engine);
    x += 20 + engine.length * 12 + 30;
  }
  let y = top;
  for (const g of groups) {
    r.text(left, y + 4, g.label);
    y += labelHeight;
    const slowest = Math.max(...g.bars.map((b) => b.medianMs));
    for (const b of g.bars) {
      const w = Math.max(1, Math.round((b.medianMs / slowest) * barMax));
      r.text(left + 20, y, b.engine, [90, 90, 90]);
      r.rect(barLeft, y, w, barHeight, COLORS[b.engine] ?? [0, 0, 0]);
      r.text(barLeft + w + 8, y, b.medianMs >= 100 ? b.medianMs.toFixed(0) : b.medianMs.toFixed(1));
      y += barHeight + gap;
    }
    y += groupGap;
  }
  writeFileSync(file, r.png());
}
