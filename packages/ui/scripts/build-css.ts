// Bundles src/styles.css and its @imports into one minified dist/styles.css, so consumers
// need no CSS build step, then prints its raw and gzipped size.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { browserslistToTargets, bundleAsync } from 'lightningcss'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const entry = join(root, 'src', 'styles.css')

// Every component stylesheet must be reachable from the entry, or it silently ships unstyled.
const imported = new Set<string>()
const { code } = await bundleAsync({
  filename: entry,
  minify: true,
  sourceMap: false,
  // light-dark() and nesting stay native from these versions on.
  targets: browserslistToTargets(['chrome 123', 'edge 123', 'firefox 120', 'safari 17.5']),
  resolver: {
    resolve(specifier, from) {
      const path = join(dirname(from), specifier)
      imported.add(path)
      return path
    },
  },
})

const missing = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css') && file !== 'styles.css')
  .map((file) => join(root, 'src', file))
  .filter((file) => !imported.has(file))
if (missing.length > 0) {
  console.error(`Not imported by src/styles.css:\n  ${missing.join('\n  ')}`)
  process.exit(1)
}

mkdirSync(join(root, 'dist'), { recursive: true })
writeFileSync(join(root, 'dist', 'styles.css'), code)
const gzipped = gzipSync(code).length
console.log(`dist/styles.css: ${code.length} B, ${gzipped} B gzipped`)
