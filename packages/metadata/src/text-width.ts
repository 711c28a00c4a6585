import { WIDTH_EM, WIDTH_OFFSET, WIDTH_PALETTE, WIDTH_RANGES } from './text-width-table.ts'

/**
 * How a desktop search result renders its text: Arial, the title at 20 px on one line cut at
 * 600 px, the description at 14 px cut at about 920 px (two lines). In CSS pixels.
 *
 * @example
 * measureText(metadata.title ?? '', SERP.title.fontSize) > SERP.title.desktop // cut on desktop
 */
export const SERP = {
  title: { fontSize: 20, desktop: 600 },
  description: { fontSize: 14, desktop: 920 },
} as const

/**
 * Where a phone's search result cuts the same text: the title wraps to two lines of a phone's
 * column, the description to about three.
 *
 * @example
 * truncateText(metadata.description, SERP_MOBILE.description, SERP.description.fontSize)
 */
export const SERP_MOBILE = { title: 640, description: 680 } as const

/** A function measuring `text` at `fontSize` px, in CSS pixels. */
export type MeasureText = (text: string, fontSize: number) => number

const EMOJI = 2555 // Noto Color Emoji's advance at 2048/em; Apple's and Segoe's are close to 1.25 em
const AVERAGE = 1139 // Arial's most common letter width, for scripts the table does not cover

const within = (code: number, ranges: number[]) => {
  for (let i = 0; i < ranges.length; i += 2) {
    if (code >= (ranges[i] as number) && code <= (ranges[i + 1] as number)) return true
  }
  return false
}

const EMOJI_RANGES = [0x1f000, 0x1faff, 0x2600, 0x27bf]

// East Asian wide and full-width characters: Hangul Jamo, CJK radicals to Yi, Hangul syllables,
// compatibility ideographs, vertical and full-width forms, the supplementary ideograph planes.
const WIDE_RANGES = [
  0x1100, 0x115f, 0x2e80, 0xa4cf, 0xac00, 0xd7a3, 0xf900, 0xfaff, 0xfe30, 0xfe4f, 0xff00, 0xff60,
  0xffe0, 0xffe6, 0x20000, 0x3fffd,
]

// Combining marks, zero-width spaces and joiners, variation selectors, skin-tone modifiers and
// emoji tag characters add nothing to the width of the character they attach to.
const ZERO_WIDTH_RANGES = [
  0x300, 0x36f, 0x200b, 0x200f, 0x2060, 0x2064, 0x20d0, 0x20ff, 0xfe00, 0xfe0f, 0x1f3fb, 0x1f3ff,
  0xe0020, 0xe007f,
]

function tableWidth(code: number): number {
  for (const [from, indices] of WIDTH_RANGES) {
    const index = code - from
    if (index >= 0 && index < indices.length) {
      return WIDTH_PALETTE[indices.charCodeAt(index) - WIDTH_OFFSET] as number
    }
  }
  if (within(code, ZERO_WIDTH_RANGES)) return 0
  // A pair of regional indicators is one flag.
  if (code >= 0x1f1e6 && code <= 0x1f1ff) return EMOJI / 2
  if (within(code, EMOJI_RANGES)) return EMOJI
  if (within(code, WIDE_RANGES)) return WIDTH_EM
  return AVERAGE
}

/**
 * The width of `text` in Arial at `fontSize` px from the built-in width table: no canvas needed
 * (server rendering, tests). Within 2 % of Chromium for Latin, Greek and Cyrillic text; CJK is
 * full width, an emoji (with its modifiers and joined parts) 1.25 em.
 *
 * @example
 * measureTextWithTable('Pricing · Acme', 20) // ≈ 134
 */
export function measureTextWithTable(text: string, fontSize: number): number {
  let units = 0
  let joined = false
  for (const character of text) {
    let code = character.codePointAt(0) as number
    // Arial draws an accented Latin letter at its base letter's width: the table needs no row
    // for them.
    if (code > 0xbf && code < 0x250) code = character.normalize('NFD').codePointAt(0) as number
    // The part after a zero-width joiner draws inside the same emoji.
    if (!joined) units += tableWidth(code)
    joined = code === 0x200d
  }
  return (units * fontSize) / WIDTH_EM
}

let context: OffscreenCanvasRenderingContext2D | null | undefined

/**
 * The width of `text` in Arial at `fontSize` px as a search result renders it: the browser's
 * own `canvas.measureText` when there is a canvas, the built-in width table otherwise.
 *
 * @example
 * measureText('Pricing · Acme', 20) // ≈ 134
 */
export function measureText(text: string, fontSize: number): number {
  context ??=
    typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d')
  if (!context) return measureTextWithTable(text, fontSize)
  context.font = `${fontSize}px Arial`
  return context.measureText(text).width
}

/** What {@link truncateText} returns. */
export interface TruncatedText {
  /** The text as shown: whole, or cut with a trailing `…`. */
  text: string
  truncated: boolean
  /** The width of the whole text, in px. */
  width: number
}

const graphemeEnds = (text: string): number[] =>
  Array.from(new Intl.Segmenter().segment(text), ({ index, segment }) => index + segment.length)

/**
 * Cuts `text` the way a search result does when it is wider than `maxWidth` px at `fontSize`:
 * whitespace collapsed, cut after the last whole word that fits (or inside a word when the text
 * has no spaces, as in Chinese or Japanese), never inside an emoji, then `…`.
 *
 * @example
 * truncateText(metadata.title, SERP.title.desktop, SERP.title.fontSize)
 * // { text: 'The complete guide to choosing running shoes for long distances and …', truncated: true, width: 712 }
 */
export function truncateText(
  text: string,
  maxWidth: number,
  fontSize: number,
  measure: MeasureText = measureText,
): TruncatedText {
  const whole = text.replace(/\s+/g, ' ').trim()
  const width = measure(whole, fontSize)
  if (width <= maxWidth) return { text: whole, truncated: false, width }
  const ends = [0, ...graphemeEnds(whole)]
  const fits = (end: number) => measure(`${whole.slice(0, end).trimEnd()} …`, fontSize) <= maxWidth
  // The longest run of graphemes that fits with the ellipsis.
  let low = 0
  let high = ends.length - 2
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (fits(ends[middle] as number)) low = middle
    else high = middle - 1
  }
  const cut = ends[low] as number
  const space = whole.lastIndexOf(' ', cut)
  // Back up to a word boundary unless that loses more than a third of what fits.
  const atWord = whole.charAt(cut) === ' ' || space > cut * 0.66
  const kept = whole
    .slice(0, atWord && whole.charAt(cut) !== ' ' ? space : cut)
    .replace(/[\s,;:–—、，。-]+$/, '')
  // After a whole word the ellipsis stands apart; inside a word (CJK) it follows directly.
  return { text: `${kept}${atWord && kept ? ' ' : ''}…`, truncated: true, width }
}
