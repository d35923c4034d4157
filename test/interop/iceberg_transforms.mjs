// Iceberg partition transforms, written from the table spec ("Partition Transforms" and
// Appendix B, "32-bit Hash Requirements") for checking the partition tuples floe records in
// its manifests against values recomputed from the data files.
//
// Values are taken in their raw Iceberg form:
//   int, long            number or bigint
//   date                 days since 1970-01-01 (number)
//   timestamp(tz)        microseconds since 1970-01-01 00:00:00 UTC (bigint)
//   decimal(P,S)         the unscaled value (bigint)
//   string               JS string
//   binary, fixed, uuid  Uint8Array
// A transform returns null for null input; otherwise year/month/day/hour/bucket return an int
// (number), truncate and identity return the source's raw form.
//
//   node iceberg_transforms.mjs      checks the transforms against the spec's appendix values

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/// Returns Murmur3 x86 32-bit (seed 0) of `bytes` as a signed 32-bit int, like Guava's.
export function murmur3x86_32(bytes) {
  const rotl = (x, r) => (x << r) | (x >>> (32 - r));
  const mixK = (k) => Math.imul(rotl(Math.imul(k, C1), 15), C2);
  let h = 0;
  const whole = bytes.length - (bytes.length % 4);
  for (let i = 0; i < whole; i += 4) {
    const k = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    h = rotl(h ^ mixK(k), 13);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let tail = 0;
  for (let i = bytes.length - 1; i >= whole; i--) tail = (tail << 8) | bytes[i];
  if (bytes.length % 4) h ^= mixK(tail);
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/// Returns the 8-byte little-endian form the spec hashes int, long, date and timestamp values in.
function longBytes(value) {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, BigInt(value), true);
  return out;
}

/// Returns the minimal big-endian two's-complement bytes of `unscaled` (Java BigInteger.toByteArray).
export function decimalBytes(unscaled) {
  let v = BigInt(unscaled);
  let n = 1;
  while (v < -(1n << BigInt(8 * n - 1)) || v >= 1n << BigInt(8 * n - 1)) n++;
  if (v < 0n) v += 1n << BigInt(8 * n);
  const out = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/// Returns the signed bigint a big-endian two's-complement byte string stands for.
export function bytesToDecimal(bytes) {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  if (bytes.length && bytes[0] & 0x80) v -= 1n << BigInt(8 * bytes.length);
  return v;
}

/// Returns the spec's 32-bit hash of a raw value of Iceberg type `type`.
export function icebergHash(type, value) {
  if (['int', 'long', 'date', 'time', 'timestamp', 'timestamptz'].includes(type)) return murmur3x86_32(longBytes(value));
  if (type.startsWith('decimal')) return murmur3x86_32(decimalBytes(value));
  if (type === 'string') return murmur3x86_32(new TextEncoder().encode(value));
  if (type === 'binary' || type === 'uuid' || type.startsWith('fixed')) return murmur3x86_32(value);
  throw new Error(`bucket is not defined for type ${type}`);
}

const floorDiv = (a, b) => {
  const q = a / b;
  return a % b !== 0n && (a < 0n) !== (b < 0n) ? q - 1n : q;
};
const MICROS_PER_HOUR = 3_600_000_000n;
const MICROS_PER_DAY = 86_400_000_000n;

/// Returns the proleptic Gregorian [year, month 1..12] of a day number (Hinnant's civil_from_days).
export function civilFromDays(days) {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month];
}

/// Returns `transform` (the spec's string form, e.g. "bucket[16]") applied to a raw value of `type`.
export function applyTransform(transform, type, value) {
  if (value === null || value === undefined || transform === 'void') return null;
  if (transform === 'identity') return value;
  let m = /^bucket\[(\d+)\]$/.exec(transform);
  if (m) return (icebergHash(type, value) & 0x7fffffff) % Number(m[1]);
  m = /^truncate\[(\d+)\]$/.exec(transform);
  if (m) {
    const width = BigInt(m[1]);
    if (type === 'int' || type === 'long' || type.startsWith('decimal')) {
      const v = BigInt(value);
      // In the int's or long's own width, as the Java reference computes it: truncate[10] of
      // -2147483648 wraps to 2147483646.
      const truncated = v - (((v % width) + width) % width);
      if (type === 'int') return Number(BigInt.asIntN(32, truncated));
      return type === 'long' ? BigInt.asIntN(64, truncated) : truncated;
    }
    if (type === 'string') return Array.from(value).slice(0, Number(width)).join('');
    if (type === 'binary') return value.subarray(0, Number(width));
    throw new Error(`truncate is not defined for type ${type}`);
  }
  const temporal = ['date', 'timestamp', 'timestamptz'];
  if (!temporal.includes(type)) throw new Error(`${transform} is not defined for type ${type}`);
  const days = type === 'date' ? Number(value) : Number(floorDiv(BigInt(value), MICROS_PER_DAY));
  const [year, month] = civilFromDays(days);
  switch (transform) {
    case 'year': return year - 1970;
    case 'month': return (year - 1970) * 12 + (month - 1);
    case 'day': return days;
    case 'hour':
      if (type === 'date') throw new Error('hour is not defined for type date');
      return Number(floorDiv(BigInt(value), MICROS_PER_HOUR));
  }
  throw new Error(`unknown transform ${transform}`);
}

/// Returns a canonical string of a raw value, so recomputed and recorded values compare as text.
export function canonical(value) {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Uint8Array) return 'x' + Buffer.from(value).toString('hex');
  if (typeof value === 'bigint' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

// Self-check against the values the spec's Appendix B lists (and hand-worked transform values).
if (import.meta.url === `file://${process.argv[1]}`) {
  const days = (iso) => Date.parse(iso + 'T00:00:00Z') / 86400000;
  const micros = (iso) => BigInt(Date.parse(iso + 'Z')) * 1000n;
  const cases = [
    ['hash int 34', icebergHash('int', 34), 2017239379],
    ['hash long 34', icebergHash('long', 34n), 2017239379],
    ['hash decimal(4,2) 14.20', icebergHash('decimal(4, 2)', 1420n), -500754589],
    ['hash date 2017-11-16', icebergHash('date', days('2017-11-16')), -653330422],
    ['hash time 22:31:08', icebergHash('time', 81068000000n), -662762989],
    ['hash timestamp 2017-11-16T22:31:08', icebergHash('timestamp', micros('2017-11-16T22:31:08')), -2047944441],
    ['hash timestamptz 2017-11-16T14:31:08-08:00', icebergHash('timestamptz', micros('2017-11-16T22:31:08')), -2047944441],
    ['hash string iceberg', icebergHash('string', 'iceberg'), 1210000089],
    ['hash uuid f79c3e09-677c-4bbd-a479-3f349cb785e7', icebergHash('uuid', Buffer.from('f79c3e09677c4bbda4793f349cb785e7', 'hex')), 1488055340],
    ['hash fixed 00010203', icebergHash('fixed[4]', Uint8Array.of(0, 1, 2, 3)), -188683207],
    ['hash binary 00010203', icebergHash('binary', Uint8Array.of(0, 1, 2, 3)), -188683207],
    ['decimal bytes -1', canonical(decimalBytes(-1n)), 'xff'],
    ['decimal bytes 128', canonical(decimalBytes(128n)), 'x0080'],
    ['decimal bytes -128', canonical(decimalBytes(-128n)), 'x80'],
    ['decimal bytes -129', canonical(decimalBytes(-129n)), 'xff7f'],
    ['decimal round trip', bytesToDecimal(decimalBytes(-123456789012345678901234567890n)), -123456789012345678901234567890n],
    ['truncate[10] int 1', applyTransform('truncate[10]', 'int', 1), 0],
    ['truncate[10] int -1', applyTransform('truncate[10]', 'int', -1), -10],
    ['truncate[10] int min wraps like Java', applyTransform('truncate[10]', 'int', -2147483648), 2147483646],
    ['truncate[10] long min wraps like Java', applyTransform('truncate[10]', 'long', -(2n ** 63n)), 2n ** 63n - 2n],
    ['truncate[10] long -1', applyTransform('truncate[10]', 'long', -1n), -10n],
    ['truncate[50] decimal 10.65', applyTransform('truncate[50]', 'decimal(9, 2)', 1065n), 1050n],
    ['truncate[3] string iceberg', applyTransform('truncate[3]', 'string', 'iceberg'), 'ice'],
    ['truncate[2] string with code points', applyTransform('truncate[2]', 'string', '😀ab'), '😀a'],
    ['year 1969-12-31', applyTransform('year', 'date', -1), -1],
    ['month 1969-12-31', applyTransform('month', 'date', -1), -1],
    ['month 2017-11-16', applyTransform('month', 'date', days('2017-11-16')), 574],
    ['year 1900-03-01', applyTransform('year', 'date', days('1900-03-01')), -70],
    ['month 1900-03-01', applyTransform('month', 'date', days('1900-03-01')), -838],
    ['day ts 1969-12-31T23:59:59.999999', applyTransform('day', 'timestamp', -1n), -1],
    ['hour ts 1969-12-31T23:59:59.999999', applyTransform('hour', 'timestamptz', -1n), -1],
    ['hour ts 2017-11-16T22:31:08', applyTransform('hour', 'timestamp', micros('2017-11-16T22:31:08')), 17486 * 24 + 22],
    ['bucket[16] long 34', applyTransform('bucket[16]', 'long', 34n), 2017239379 % 16],
  ];
  let failed = 0;
  for (const [name, got, want] of cases) {
    if (got !== want) {
      failed++;
      console.log(`FAIL ${name}: got ${got}, want ${want}`);
    }
  }
  console.log(`iceberg_transforms: ${cases.length - failed} of ${cases.length} spec values match`);
  process.exit(failed ? 1 : 0);
}
