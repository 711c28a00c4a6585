// Time to update the page screen on one keystroke in a 2 KB description, in Chromium with the
// production build of React: the editor alone (baseline) against the editor with the metadata
// checks, two search previews and six social cards, measured in the same run.
//
//   node scripts/bench-previews.ts   (needs /usr/bin/chromium)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright'

const KEYSTROKES = 200
const WARMUP = 30

const dir = mkdtempSync(join(tmpdir(), 'headmark-keystrokes-'))
try {
  await build({
    entryPoints: [
      fileURLToPath(new URL('./keystroke-page.tsx', import.meta.url)),
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
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="styles.css"></head><body><div id="root"></div><script src="keystroke-page.js"></script></body></html>',
  )
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(pathToFileURL(join(dir, 'index.html')).href)
    await page.waitForFunction(() => 'runKeystrokes' in window)
    type Run = { commit: number[]; frame: number[]; length: number }
    const measure = (previews: boolean, count: number) =>
      page.evaluate(
        ([withPreviews, n]) =>
          (
            window as unknown as { runKeystrokes: (p: boolean, n: number) => Promise<Run> }
          ).runKeystrokes(withPreviews as boolean, n as number),
        [previews, count] as const,
      )
    await measure(false, WARMUP)
    await measure(true, WARMUP)
    // Alternate the two so that machine load hits both alike.
    const results = { editor: [] as Run[], previews: [] as Run[] }
    for (let round = 0; round < 4; round += 1) {
      results.editor.push(await measure(false, KEYSTROKES / 4))
      results.previews.push(await measure(true, KEYSTROKES / 4))
    }
    const stats = (runs: Run[], key: 'commit' | 'frame') => {
      const times = runs.flatMap((run) => run[key]).sort((a, b) => a - b)
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
      return { median: at(0.5), p95: at(0.95) }
    }
    const line = (label: string, runs: Run[]) => {
      const commit = stats(runs, 'commit')
      const frame = stats(runs, 'frame')
      console.log(
        `${label.padEnd(38)} commit median ${commit.median.toFixed(2)} ms, p95 ${commit.p95.toFixed(2)} ms; to next frame median ${frame.median.toFixed(2)} ms, p95 ${frame.p95.toFixed(2)} ms`,
      )
      return commit
    }
    console.log(
      `One keystroke at the end of a ${results.previews[0]?.length ?? 0}-character description, ${KEYSTROKES} keystrokes each:`,
    )
    const baseline = line('editor alone (baseline)', results.editor)
    const full = line('editor + checks + 2 search + 6 social', results.previews)
    console.log(
      `previews and checks cost ${(full.median - baseline.median).toFixed(2)} ms per keystroke (×${(full.median / baseline.median).toFixed(2)} the editor alone)`,
    )
  } finally {
    await browser.close()
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
