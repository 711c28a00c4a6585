// Scrolling the bulk editor's grid three rows at a time, in Chromium with the production build of
// React: 1,000 pages (baseline) against 100,000 pages, measured alternately in the same run. Only
// the rows in view are drawn, so the two should cost about the same.
//
//   node scripts/bench-bulk-editor.ts   (needs /usr/bin/chromium)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright'

const STEPS = 120
const ROUNDS = 3

const dir = mkdtempSync(join(tmpdir(), 'headmark-bulk-scroll-'))
try {
  await build({
    entryPoints: [
      fileURLToPath(new URL('./bulk-scroll-page.tsx', import.meta.url)),
      fileURLToPath(new URL('../src/styles.css', import.meta.url)),
    ],
    bundle: true,
    minify: true,
    // A classic script: Chromium refuses module scripts from file:// URLs.
    format: 'iife',
    target: 'es2022',
    conditions: ['source'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: dir,
    entryNames: '[name]',
    logLevel: 'error',
  })
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="styles.css"></head><body><div id="root"></div><script src="bulk-scroll-page.js"></script></body></html>',
  )
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(pathToFileURL(join(dir, 'index.html')).href)
    await page.waitForFunction(() => 'runScroll' in window)
    type Run = { frame: number[]; drawn: number }
    const measure = (pages: number) =>
      page.evaluate(
        ([count, steps]) =>
          (
            window as unknown as { runScroll: (pages: number, steps: number) => Promise<Run> }
          ).runScroll(count as number, steps as number),
        [pages, STEPS] as const,
      )
    await measure(1_000)
    const results = { small: [] as Run[], large: [] as Run[] }
    // Alternate the two so that machine load hits both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      results.small.push(await measure(1_000))
      results.large.push(await measure(100_000))
    }
    const stats = (runs: Run[]) => {
      const times = runs.flatMap((run) => run.frame).sort((a, b) => a - b)
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
      return { median: at(0.5), p95: at(0.95), drawn: Math.max(...runs.map((run) => run.drawn)) }
    }
    const line = (label: string, runs: Run[]) => {
      const result = stats(runs)
      console.log(
        `${label.padEnd(28)} step to next frame median ${result.median.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms; at most ${result.drawn} rows in the document`,
      )
      return result
    }
    console.log(`Scrolling three rows at a time, ${STEPS * ROUNDS} steps each:`)
    const small = line('1,000 pages (baseline)', results.small)
    const large = line('100,000 pages', results.large)
    console.log(
      `100,000 pages scroll at ×${(large.median / small.median).toFixed(2)} the cost of 1,000 (median), ×${(large.p95 / small.p95).toFixed(2)} (p95)`,
    )
  } finally {
    await browser.close()
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
