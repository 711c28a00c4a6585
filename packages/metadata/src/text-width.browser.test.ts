import { describe, expect, it } from 'vitest'
import { measureText, measureTextWithTable, SERP, truncateText } from './text-width.ts'

const samples = [
  'Trail running shoes · Acme',
  'The complete guide to choosing running shoes for long distances',
  'Pricing — plans for teams of every size, billed monthly or yearly (save 20%)',
  'HEADMARK: WEBHOOKS, SIGNATURES & RETRIES!',
  'Crème brûlée, pâté, smörgåsbord, façade, naïve, jalapeño, Øresund, Łódź',
  'Zażółć gęślą jaźń — Příliš žluťoučký kůň úpěl ďábelské ódy',
  'Pijamalı hasta yağız şoföre çabucak güvendi; Vamos à praia, João!',
  '0123456789 +-*/=<>[]{}()"\'`~!@#$%^&*_|\\;:,.?',
  'Light, grippy shoes for long trail runs, tested on rock, mud and snow across the Alps.',
]

const canvasWidth = (text: string, size: number) => {
  const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
  context.font = `${size}px Arial`
  return context.measureText(text).width
}

describe('the width table against Chromium', () => {
  it('finds Arial as a metric-compatible font', () => {
    // Liberation Sans stands in for Arial on Debian; a missing font would fall back to a wider
    // or narrower sans-serif and every comparison below would be meaningless.
    expect(document.fonts.check('20px Arial')).toBe(true)
    expect(canvasWidth('Hello', 2048)).toBe(1479 + 1139 + 455 + 455 + 1139)
  })

  it.each(samples)('is within 2 percent of canvas.measureText: %j', (text) => {
    for (const size of [SERP.title.fontSize, SERP.description.fontSize]) {
      const chromium = canvasWidth(text, size)
      const table = measureTextWithTable(text, size)
      expect(Math.abs(table - chromium) / chromium).toBeLessThan(0.02)
    }
  })

  it.each([
    // Greek and Cyrillic are not in the table: an average letter width stands in.
    ['Ελληνικά: η γρήγορη καφέ αλεπού πηδά πάνω από τον τεμπέλη σκύλο', 0.1],
    ['Съешь же ещё этих мягких французских булок да выпей чаю', 0.1],
    ['中文のタイトル、東京', 0.02],
    ['👍🏽 Great 🇫🇷 food 👨‍👩‍👧', 0.02],
    // Noto Sans CJK draws Hangul at 0.92 em where the table counts a full em.
    ['한국어 제목', 0.1],
  ])(
    'is close for other scripts, CJK and emoji (Debian’s Noto fonts): %j within %s',
    (text, tolerance) => {
      const chromium = canvasWidth(text, 20)
      expect(Math.abs(measureTextWithTable(text, 20) - chromium) / chromium).toBeLessThan(tolerance)
    },
  )

  it('uses the canvas in the browser', () => {
    for (const text of samples) expect(measureText(text, 14)).toBe(canvasWidth(text, 14))
  })

  it('truncates so that the rendered title fits 600 px', () => {
    const span = document.createElement('span')
    span.style.font = `${SERP.title.fontSize}px Arial`
    span.style.whiteSpace = 'nowrap'
    document.body.append(span)
    for (const text of samples) {
      const { text: shown } = truncateText(`${text} ${text}`, 600, SERP.title.fontSize)
      span.textContent = shown
      expect(span.getBoundingClientRect().width).toBeLessThanOrEqual(600)
    }
    span.remove()
  })
})
