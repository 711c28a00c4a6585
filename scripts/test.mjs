// Runs every check CI runs, in order, and prints one summary line per step.
// Each step is an npm script; a step whose workspace does not define it is skipped by npm.
import { spawnSync } from 'node:child_process'

const steps = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['changesets', ['exec', '--', 'changeset', 'status']],
  ['build packages', ['run', 'build:packages']],
  ['metadata: package checks', ['run', 'check', '-w', '@headmark/metadata', '--if-present']],
  ['metadata: unit tests + coverage', ['run', 'test', '-w', '@headmark/metadata', '--if-present']],
  ['ui: package checks', ['run', 'check', '-w', '@headmark/ui', '--if-present']],
  ['ui: unit tests', ['run', 'test', '-w', '@headmark/ui', '--if-present']],
  ['storybook: stories in Chromium', ['run', 'test', '-w', '@headmark/storybook', '--if-present']],
  ['api: database + RPC tests', ['run', 'test', '-w', '@headmark/api', '--if-present']],
  ['app: unit tests', ['run', 'test', '-w', '@headmark/app', '--if-present']],
  ['app: production build', ['run', 'build:e2e', '-w', '@headmark/app']],
  ['app: browser end-to-end', ['run', 'test:e2e', '-w', '@headmark/app', '--if-present']],
  // Needs the two builds above: @headmark/metadata's dist and the app's server.
  ['examples: Next.js end-to-end', ['run', 'test:e2e', '-w', '@headmark/example-nextjs']],
]

const only = process.argv.slice(2)
const results = []
for (const [name, args] of steps) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue
  const started = performance.now()
  console.log(`\n▶ ${name}: npm ${args.join(' ')}`)
  const { status } = spawnSync('npm', args, { stdio: 'inherit' })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  results.push({ name, ok: status === 0, seconds })
  if (status !== 0 && name === 'app: production build') break
}

console.log('\nSummary')
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`checks: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
