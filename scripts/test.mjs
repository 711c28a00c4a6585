// Runs every check CI runs, in order, and prints one summary line per step.
// Each step is an npm script; a step whose workspace does not define it is skipped by npm.
import { spawn } from 'node:child_process'

// A step is [name, npm arguments, options]; steps in an inner array run at the same time (each
// of them mostly uses one core), their output printed as each ends.
const steps = [
  [
    ['lint', ['run', 'lint']],
    ['typecheck', ['run', 'typecheck']],
  ],
  ['changesets', ['exec', '--', 'changeset', 'status']],
  ['build packages', ['run', 'build:packages']],
  [
    ['metadata: package checks', ['run', 'check', '-w', '@headmark/metadata', '--if-present']],
    ['ui: package checks', ['run', 'check', '-w', '@headmark/ui', '--if-present']],
    ['app: unit tests', ['run', 'test', '-w', '@headmark/app', '--if-present']],
  ],
  ['metadata: unit tests + coverage', ['run', 'test', '-w', '@headmark/metadata', '--if-present']],
  ['ui: unit tests', ['run', 'test', '-w', '@headmark/ui', '--if-present']],
  ['storybook: stories in Chromium', ['run', 'test', '-w', '@headmark/storybook', '--if-present']],
  ['api: database + RPC tests', ['run', 'test', '-w', '@headmark/api', '--if-present']],
  // The core's benchmarks at small sizes: they must run; their figures are judged on full runs.
  ['api: benchmarks, smoke run', ['run', 'bench:smoke', '-w', '@headmark/api']],
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
 * Runs `npm <args>` in a process group of its own and resolves to its exit status. On timeout
 * (or Ctrl-C) the whole group is stopped, and whatever it leaves running (a server its test
 * started) is killed when it exits. With `capture`, its output is kept and printed when it ends.
 */
function run(args, { timeoutMs, capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const output = []
    // Without `capture`, the output is passed on as it comes; its last lines are kept, to name
    // what failed in the summary.
    let tail = ''
    for (const [stream, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      stream.on('data', (chunk) => {
        if (capture) return void output.push(chunk)
        to.write(chunk)
        tail = (tail + chunk.toString('utf8')).slice(-200_000)
      })
    }
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal)
      } catch {
        // the group is already gone
      }
    }
    let timedOut = false
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true
          const message = `\n✖ timed out after ${timeoutMs / 1000}s: stopping it and its processes\n`
          if (capture) output.push(Buffer.from(message))
          else console.error(message)
          killGroup('SIGTERM')
          setTimeout(() => killGroup('SIGKILL'), 10_000).unref()
        }, timeoutMs)
      : undefined
    // A group of its own does not get the terminal's Ctrl-C: pass it on, then stop here.
    const interrupt = () => {
      killGroup('SIGTERM')
      process.exit(130)
    }
    process.once('SIGINT', interrupt)
    child.on('exit', (code) => {
      clearTimeout(timer)
      process.off('SIGINT', interrupt)
      // Whatever it left running is stopped; its output is complete once the pipes close.
      killGroup('SIGKILL')
      const done = () =>
        resolve({
          status: timedOut ? 1 : (code ?? 1),
          output: capture ? Buffer.concat(output) : Buffer.from(tail),
        })
      const late = setTimeout(done, 5_000)
      child.on('close', () => {
        clearTimeout(late)
        done()
      })
    })
  })
}

const only = process.argv.slice(2)
const results = []
for (const step of steps) {
  const together = (Array.isArray(step[0]) ? step : [step]).filter(
    ([name]) => only.length === 0 || only.some((o) => name.includes(o)),
  )
  if (together.length === 0) continue
  const capture = together.length > 1
  if (capture) console.log(`\n▶ at the same time: ${together.map(([name]) => name).join(', ')}`)
  const outcomes = await Promise.all(
    together.map(async ([name, args, options]) => {
      const started = performance.now()
      if (!capture) console.log(`\n▶ ${name}: npm ${args.join(' ')}`)
      const { status, output } = await run(args, { ...options, capture })
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      if (capture) {
        console.log(`\n▶ ${name}: npm ${args.join(' ')} (${seconds}s)`)
        process.stdout.write(output)
      }
      return { name, ok: status === 0, seconds, output }
    }),
  )
  results.push(...outcomes)
  if (outcomes.some((r) => !r.ok && r.name === 'app: production build')) break
}

// What failed, by name, from each failed step's output (Vitest's FAIL lines, Playwright's ✘ and
// numbered failures, timeouts): the summary is what a CI log's tail shows.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
const FAILURE = /(^|\s)(FAIL|✘|✖)\s|^\s+\d+\) \[|Error: |timed out/
for (const r of results.filter((r) => !r.ok)) {
  const plain = r.output.toString('utf8').replace(ANSI, '')
  const lines = [...new Set(plain.split('\n').filter((line) => FAILURE.test(line)))]
  console.log(`\nFailed in ${r.name}:`)
  for (const line of lines.slice(0, 15)) console.log(`  ${line.trim().slice(0, 240)}`)
  if (lines.length > 15) console.log(`  … and ${lines.length - 15} more lines`)
}

// Tests that failed and then passed when run again (Playwright's retry on CI), from the report's
// "N flaky" list, so that a test that is not reliable is seen even when the run is green.
for (const r of results) {
  const lines = r.output.toString('utf8').replace(ANSI, '').split('\n')
  const at = lines.findIndex((line) => /^\s+\d+ flaky\s*$/.test(line))
  if (at < 0) continue
  console.log(`\nFlaky in ${r.name}:`)
  for (const line of lines.slice(at + 1)) {
    if (!/^\s{4}\S/.test(line)) break
    console.log(
      `  ${line
        .replace(/[\s─]+$/, '')
        .trim()
        .slice(0, 240)}`,
    )
  }
}

console.log('\nSummary')
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`checks: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
