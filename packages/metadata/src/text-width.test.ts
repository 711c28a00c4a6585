import { afterEach, describe, expect, it, vi } from 'vitest'
import { measureText, measureTextWithTable, SERP, truncateText } from './text-width.ts'

// Arial's advances in 1/2048 em: H 1479, e 1139, l 455, o 1139, space 569.
const em = (units: number, size: number) => (units * size) / 2048

describe('measureTextWithTable', () => {
  it.each([
    ['', 0],
    ['Hello', em(1479 + 1139 + 455 + 455 + 1139, 20)],
    ['l l', em(455 + 569 + 455, 20)],
    // A combining accent adds nothing to its letter.
    ['e\u0301', em(1139, 20)],
    // Full-width CJK, Hangul and full-width Latin are one em each.
    ['中文', 40],
    ['한국', 40],
    ['ＡＢ', 40],
    ['\u1100\u2e80\uf900\ufe30\uffe0𠀀', 120],
    // Zero-width spaces and joiners, word joiners, combining symbols, variation selectors, tags.
    ['a\u200b\u2060\u20dd\ufe0e\u{e0041}', em(1139, 20)],
    ['☕', em(2555, 20)],
    // An emoji is 1.25 em, with its skin tone, its joined family members or as a flag.
    ['😀', em(2555, 20)],
    ['👍🏽', em(2555, 20)],
    ['👨‍👩‍👧', em(2555, 20)],
    ['🇫🇷', em(2555, 20)],
    ['❤️', em(2555, 20)],
    // A script the table does not cover counts as an average letter.
    ['ש', em(1139, 20)],
  ])('%j', (text, width) => {
    expect(measureTextWithTable(text, 20)).toBeCloseTo(width, 6)
  })

  it('scales with the font size', () => {
    expect(measureTextWithTable('Hello', 14)).toBeCloseTo(measureTextWithTable('Hello', 28) / 2, 6)
  })
})

describe('measureText', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('uses the width table where there is no canvas', () => {
    expect(measureText('Pricing · Acme', 20)).toBe(measureTextWithTable('Pricing · Acme', 20))
  })

  it("asks the browser's canvas for Arial at the size when there is one", async () => {
    const fonts: string[] = []
    class FakeCanvas {
      getContext() {
        return {
          set font(value: string) {
            fonts.push(value)
          },
          measureText: (text: string) => ({ width: text.length * 10 }),
        }
      }
    }
    vi.stubGlobal('OffscreenCanvas', FakeCanvas)
    vi.resetModules()
    const fresh = await import('./text-width.ts')
    expect(fresh.measureText('abc', 14)).toBe(30)
    expect(fresh.measureText('abcd', 20)).toBe(40)
    expect(fonts).toEqual(['14px Arial', '20px Arial'])
  })
})

describe('truncateText', () => {
  const { fontSize, desktop } = SERP.title
  const measure = measureTextWithTable

  it('keeps a text that fits, with its whitespace collapsed', () => {
    expect(truncateText('  Pricing \n · Acme ', desktop, fontSize, measure)).toEqual({
      text: 'Pricing · Acme',
      truncated: false,
      width: measure('Pricing · Acme', fontSize),
    })
  })

  it('cuts after the last whole word that fits and adds an ellipsis', () => {
    const title =
      'The complete guide to choosing running shoes for long distances and trail running in 2026'
    const result = truncateText(title, desktop, fontSize, measure)
    expect(result.truncated).toBe(true)
    expect(result.width).toBe(measure(title, fontSize))
    expect(result.text).toBe('The complete guide to choosing running shoes for long …')
    expect(measure(result.text, fontSize)).toBeLessThanOrEqual(desktop)
    // The next word would not have fit.
    expect(
      measure('The complete guide to choosing running shoes for long distances …', fontSize),
    ).toBeGreaterThan(desktop)
  })

  it('cuts inside a word when there is no space to back up to (CJK), without a trailing comma', () => {
    const result = truncateText(
      '東京で一番おいしいラーメン屋さんを探すための完全ガイド、二〇二六年版、全店舗レビュー付き',
      desktop,
      fontSize,
      measure,
    )
    expect(result.text).toBe('東京で一番おいしいラーメン屋さんを探すための完全ガイド…')
    expect(measure(result.text, fontSize)).toBeLessThanOrEqual(desktop)
  })

  it('never splits an emoji', () => {
    // Three families (75 px) and the ellipsis (20 px) fit in 100 px only without the space the
    // measurement reserves before the ellipsis: two stay.
    const result = truncateText('👨‍👩‍👧'.repeat(30), 100, fontSize, measure)
    expect(result.text).toBe(`${'👨‍👩‍👧'.repeat(2)}…`)
  })

  it('shows only the ellipsis when not even one character fits', () => {
    expect(truncateText('Wide', 12, fontSize, measure).text).toBe('…')
  })

  it.each([
    ['Latin', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. '],
    ['Cyrillic', 'Съешь же ещё этих мягких французских булок да выпей чаю. '],
    ['mixed', 'Ramen 🍜 ラーメン — the best bowls in Tōkyō, rated. '],
  ])('always fits the width it is given (%s)', (_, sentence) => {
    const text = sentence.repeat(6)
    for (const width of [80, 300, 600, 920]) {
      const result = truncateText(text, width, 14, measure)
      expect(result.truncated).toBe(true)
      expect(measure(result.text, 14)).toBeLessThanOrEqual(width)
    }
  })

  it('measures with the canvas by default', () => {
    expect(truncateText('Pricing', desktop, fontSize).width).toBe(measure('Pricing', fontSize))
  })
})
