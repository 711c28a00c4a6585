// Writes brotli (.br) and gzip (.gz) copies of the client build's text assets, so that the
// production server (server.mjs) sends them compressed without compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url))
const EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.html',
])
const MIN_BYTES = 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (EXTENSIONS.has(extname(entry.name))) yield path
  }
}

let count = 0
let before = 0
let after = 0
for await (const file of files(clientDir)) {
  if ((await stat(file)).size < MIN_BYTES) continue
  const content = await readFile(file)
  const br = await brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })
  const gz = await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION })
  await writeFile(`${file}.br`, br)
  await writeFile(`${file}.gz`, gz)
  count++
  before += content.length
  after += br.length
}
console.log(
  `precompress: ${count} files, ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB with brotli`,
)
