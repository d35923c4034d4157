// Decodes Avro container files with avsc (an independent Avro implementation) and prints
// one JSON line per file: {"file", "codec", "schema" (the header's avro.schema text),
// "metadata" (other header keys), "records"}. Longs are printed as strings (exact).
// usage: node avsc_dump.cjs <node_modules dir> <file.avro>...
const path = require('path')
const modules = process.argv[2]
const avro = require(path.join(modules, 'avsc'))
const zlib = require('zlib')

const longType = avro.types.LongType.__with({
  fromBuffer: buf => buf.readBigInt64LE(),
  toBuffer: n => { const b = Buffer.alloc(8); b.writeBigInt64LE(BigInt(n)); return b },
  fromJSON: x => BigInt(x),
  toJSON: n => n.toString(),
  isValid: n => typeof n === 'bigint',
  compare: (a, b) => (a === b ? 0 : a < b ? -1 : 1),
})
const codecs = { null: (buf, cb) => cb(null, buf), deflate: (buf, cb) => zlib.inflateRaw(buf, cb) }
const replacer = (k, v) => (typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? '0x' + v.toString('hex')
  : (v && v.type === 'Buffer' && Array.isArray(v.data)) ? '0x' + Buffer.from(v.data).toString('hex') : v)

async function dump(file) {
  return new Promise((resolve, reject) => {
    const out = { file, records: [] }
    avro.createFileDecoder(file, { codecs, parseHook: schema => avro.Type.forSchema(schema, { registry: { long: longType }, wrapUnions: 'auto' }) })
      .on('metadata', (type, codec, header) => {
        out.codec = codec
        out.schema = header.meta['avro.schema'].toString()
        out.metadata = {}
        for (const [k, v] of Object.entries(header.meta)) if (!k.startsWith('avro.')) out.metadata[k] = v.toString()
      })
      .on('data', r => out.records.push(r))
      .on('error', reject)
      .on('end', () => resolve(out))
  })
}

;(async () => {
  for (const file of process.argv.slice(3)) {
    try {
      console.log(JSON.stringify(await dump(file), replacer))
    } catch (e) {
      console.log(JSON.stringify({ file, error: String(e) }))
      process.exitCode = 1
    }
  }
})()
