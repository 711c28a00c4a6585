// Runs every check CI runs, in order, and prints one summary line per step.
// Each step is an npm script; a step whose workspace does not define it is skipped by npm.
import { spawn, spawnSync } from 'node:child_process'

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
  // The core's benchmarks at small sizes: they must run; their figures are judged on full runs.
  ['api: benchmarks, smoke run', ['run', 'bench:smoke', '-w', '@headmark/api']],
  ['app: unit tests', ['run', 'test', '-w', '@headmark/app', '--if-present']],
  ['app: production build', ['run', 'build:e2e', '-w', '@headmark/app']],
  ['app: browser end-to-end', ['run', 'test:e2e', '-w', '@headmark/app', '--if-present']],
  // The examples build against the local packages and run against Headmark's production build
  // (the step above); each is stopped, with every server it started, when it runs too long.
  [
    'examples: Next.js end-to-end',
    ['run', 'test:e2e', '-w', '@headmark/example-nextjs'],
    { timeoutMs: 900_000 },
  ],
  [
    'examples: TanStack Start end-to-end',
    ['run', 'test:e2e', '-w', '@headmark/example-tanstack-start'],
    { timeoutMs: 600_000 },
  ],
]

/**
 * Runs `npm <args>` and resolves to its exit status. With `timeoutMs` it runs in a process
 * group of its own: on timeout (or Ctrl-C) the whole group is stopped, and whatever it leaves
 * running (a server its test started) is killed when it exits.
 */
function run(args, { timeoutMs } = {}) {
  if (!timeoutMs) return Promise.resolve(spawnSync('npm', args, { stdio: 'inherit' }).status)
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: 'inherit', detached: true })
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal)
      } catch {
        // the group is already gone
      }
    }
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      console.error(`\n✖ timed out after ${timeoutMs / 1000}s: stopping it and its processes`)
      killGroup('SIGTERM')
      setTimeout(() => killGroup('SIGKILL'), 10_000).unref()
    }, timeoutMs)
    // A group of its own does not get the terminal's Ctrl-C: pass it on, then stop here.
    let interrupted = false
    const interrupt = () => {
      interrupted = true
      killGroup('SIGTERM')
    }
    process.once('SIGINT', interrupt)
    child.on('exit', (code) => {
      clearTimeout(timer)
      process.off('SIGINT', interrupt)
      killGroup('SIGKILL')
      if (interrupted) process.exit(130)
      resolve(timedOut ? 1 : (code ?? 1))
    })
  })
}

const only = process.argv.slice(2)
const results = []
for (const [name, args, options] of steps) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue
  const started = performance.now()
  console.log(`\n▶ ${name}: npm ${args.join(' ')}`)
  const status = await run(args, options)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  results.push({ name, ok: status === 0, seconds })
  if (status !== 0 && name === 'app: production build') break
}

console.log('\nSummary')
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`checks: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
