import { expect, test } from '@playwright/test'
import {
  createOrganization,
  createPage,
  createSite,
  signUpAndVerify,
  uniqueEmail,
} from '../e2e/helpers.ts'

// The cost of one keystroke in a 2 KB description on the page screen: from the input event to
// the end of the next frame (a message posted from requestAnimationFrame runs after its paint),
// with the previews shown and hidden, alternating in the same run. Prints the medians and the
// ratio; the goal is that the previews add no lag a person can feel.

const ROUNDS = 6
const KEYS_PER_ROUND = 20

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN
}

test('a keystroke in a 2 KB description, with and without the previews', async ({ page }) => {
  const slug = `bench-${Date.now().toString(36)}`
  await signUpAndVerify(page, uniqueEmail('bench'), 'Bench Person')
  await createOrganization(page, 'Bench', slug)
  await createSite(page, slug, 'Bench', 'bench.example')
  await createPage(page, slug, 'bench.example', '/launch')

  const words = 'Rockets for every crew, from small sounding flights to orbital launches. '
  const description = words.repeat(Math.ceil(2048 / words.length)).slice(0, 2048)
  const field = page.getByRole('textbox', { name: 'Description' })
  await field.fill(description)
  await page.getByRole('textbox', { name: 'Title' }).fill('Launch with us')
  await expect(page.getByRole('figure', { name: 'Search result preview on desktop' })).toBeVisible()

  await page.evaluate(() => {
    const w = window as unknown as { keystrokes: number[]; scripts: number[] }
    w.keystrokes = []
    w.scripts = []
    document.addEventListener(
      'input',
      (event) => {
        const start = event.timeStamp
        // The keystroke's own work: the next task runs once React has rendered the change.
        const task = new MessageChannel()
        task.port1.onmessage = () => w.scripts.push(performance.now() - start)
        task.port2.postMessage(null)
        requestAnimationFrame(() => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => w.keystrokes.push(performance.now() - start)
          channel.port2.postMessage(null)
        })
      },
      true,
    )
  })

  const toggle = page.getByRole('button', { name: /(Hide|Show) previews/ })
  const measure = async () => {
    await field.focus()
    await page.keyboard.press('End')
    await page.evaluate(() => {
      const w = window as unknown as { keystrokes: number[]; scripts: number[] }
      w.keystrokes = []
      w.scripts = []
    })
    for (let index = 0; index < KEYS_PER_ROUND; index += 1) {
      await page.keyboard.press(index % 2 === 0 ? 'a' : 'Backspace')
    }
    await page.waitForTimeout(100)
    return page.evaluate(() => {
      const w = window as unknown as { keystrokes: number[]; scripts: number[] }
      return { keystrokes: w.keystrokes, scripts: w.scripts }
    })
  }

  const shown: number[] = []
  const hidden: number[] = []
  const shownScript: number[] = []
  const hiddenScript: number[] = []
  for (let round = 0; round < ROUNDS; round += 1) {
    await expect(toggle).toHaveText('Hide previews')
    const withPreviews = await measure()
    shown.push(...withPreviews.keystrokes)
    shownScript.push(...withPreviews.scripts)
    await toggle.click()
    await expect(toggle).toHaveText('Show previews')
    const without = await measure()
    hidden.push(...without.keystrokes)
    hiddenScript.push(...without.scripts)
    await toggle.click()
  }

  const line = (name: string, values: number[]) =>
    `${name}: median ${median(values).toFixed(1)} ms, p95 ${p95(values).toFixed(1)} ms (${values.length} keystrokes)`
  console.log('Input event to the end of the next frame')
  console.log(line('  previews shown ', shown))
  console.log(line('  previews hidden', hidden))
  console.log(`  ratio shown / hidden (median): ${(median(shown) / median(hidden)).toFixed(2)}`)
  console.log('Input event to the end of its work (render, checks, previews)')
  console.log(line('  previews shown ', shownScript))
  console.log(line('  previews hidden', hiddenScript))
  console.log(
    `  ratio shown / hidden (median): ${(median(shownScript) / median(hiddenScript)).toFixed(2)}`,
  )
  expect(shown.length).toBe(ROUNDS * KEYS_PER_ROUND)
  expect(hidden.length).toBe(ROUNDS * KEYS_PER_ROUND)
})
