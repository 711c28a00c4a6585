// What each preview component (and the bar chart) costs an app that imports it: its JavaScript (with the parts of
// @headmark/metadata and clsx it pulls in; React and Radix left out, the app has them) and its
// stylesheet, minified and gzipped. Reads the sources, so no build is needed.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { transform } from 'lightningcss'

const src = fileURLToPath(new URL('../src/', import.meta.url))

const components: [string, string, string[]][] = [
  ['SerpPreview', 'serp-preview/index.ts', ['serp-preview/serp-preview.css']],
  ['SocialPreview', 'social-preview/index.ts', ['social-preview/social-preview.css']],
  ['MetadataChecks', 'metadata-checks/index.ts', ['metadata-checks/metadata-checks.css']],
  ['RevisionDiff', 'revision-diff/index.ts', ['revision-diff/revision-diff.css']],
  ['BarChart', 'bar-chart/index.ts', ['bar-chart/bar-chart.css']],
]

const gz = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length

console.log('component        JS min   JS gz   CSS min  CSS gz')
for (const [name, entry, styles] of components) {
  const result = await build({
    stdin: { contents: `export { ${name} } from './${entry}'`, resolveDir: src, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    external: ['react', 'react-dom', 'react/jsx-runtime', '@radix-ui/*'],
    jsx: 'automatic',
    write: false,
  })
  const js = result.outputFiles[0]?.contents ?? new Uint8Array()
  const css = styles
    .map(
      (file) =>
        transform({
          filename: file,
          code: readFileSync(join(src, file)),
          minify: true,
        }).code,
    )
    .reduce((all, code) => Buffer.concat([all, code]), Buffer.alloc(0))
  console.log(
    `${name.padEnd(16)} ${String(js.length).padStart(6)}  ${String(gz(js)).padStart(6)}  ${String(css.length).padStart(7)}  ${String(gz(css)).padStart(6)}`,
  )
}
