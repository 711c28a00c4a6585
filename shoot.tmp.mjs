import { chromium } from 'playwright'
const [, , ...specs] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
for (const spec of specs) {
  const [id, theme = 'light', width = '1280'] = spec.split(':')
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } })
  await page.goto(`http://127.0.0.1:6117/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`, { waitUntil: 'networkidle', timeout: 120000 })
  await page.waitForTimeout(2500)
  const file = `/tmp/previews-shots/${id}-${theme}-${width}.png`
  await page.screenshot({ path: file, fullPage: true })
  console.log(file)
  await page.close()
}
await browser.close()
