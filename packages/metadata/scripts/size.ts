// The size budget: what a customer's server bundle pays for the client, head merging and
// webhook verification, minified and gzipped; and, for information, each subpath export on its
// own. Measures the built `dist/`, so run `build` first.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const BUDGET = 4096
const root = fileURLToPath(new URL('..', import.meta.url))

async function measure(contents: string): Promise<{ minified: number; gzipped: number }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['zod'],
    write: false,
  })
  const code = result.outputFiles[0]?.contents ?? new Uint8Array()
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length }
}

const core = await measure(
  [
    "export { createMetadataClient } from './dist/client.js'",
    "export { mergeHead, toHeadTags } from './dist/head.js'",
    "export { verifyWebhook } from './dist/webhooks.js'",
  ].join('\n'),
)
console.log(
  `client + mergeHead + toHeadTags + verifyWebhook: ${core.minified} B minified, ${core.gzipped} B gzipped (budget ${BUDGET} B)`,
)

const { exports } = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'))
for (const [subpath, target] of Object.entries(exports as Record<string, { default?: string }>)) {
  if (!target.default) continue
  const size = await measure(`export * from '${target.default}'`)
  console.log(
    `  ${subpath.padEnd(18)} ${`${size.minified}`.padStart(6)} B minified, ${`${size.gzipped}`.padStart(5)} B gzipped (all of it)`,
  )
}

if (core.gzipped > BUDGET) {
  console.error(`Over the size budget by ${core.gzipped - BUDGET} B`)
  process.exit(1)
}

// The metadata checks have their own budget: the dashboard and the editor import them, a
// customer's server does not, so they are not counted above. 3 KB since they check canonicals,
// hreflang clusters and JSON-LD against Google's rich-result requirements (2 KB before).
const LINT_BUDGET = 3072
const lint = await build({
  stdin: {
    contents: "export { lintMetadata } from './dist/lint.js'",
    resolveDir: root,
    loader: 'js',
  },
  // Its messages hold “quotes” and ×: kept as UTF-8, as Vite and Next.js emit them.
  charset: 'utf8',
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  write: false,
})
const lintCode = lint.outputFiles[0]?.contents ?? new Uint8Array()
const lintGzipped = gzipSync(lintCode, { level: 9 }).length
console.log(
  `lintMetadata (with the width table): ${lintCode.length} B minified, ${lintGzipped} B gzipped (budget ${LINT_BUDGET} B)`,
)
if (lintGzipped > LINT_BUDGET) {
  console.error(`lintMetadata is over its size budget by ${lintGzipped - LINT_BUDGET} B`)
  process.exit(1)
}
