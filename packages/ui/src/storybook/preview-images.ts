// Images for preview stories, as data URIs: stories never load anything from the network.
import type { MetadataImage } from '@headmark/metadata'

const svg = (width: number, height: number, body: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  )}`

const card = (width: number, height: number, label: string) =>
  svg(
    width,
    height,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2451c7"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      `<rect x="${width * 0.08}" y="${height * 0.3}" width="${width * 0.25}" height="${height * 0.4}" rx="24" fill="#ffffff" opacity="0.9"/>` +
      `<rect x="${width * 0.375}" y="${height * 0.3}" width="${width * 0.25}" height="${height * 0.4}" rx="24" fill="#ffffff" opacity="0.75"/>` +
      `<rect x="${width * 0.67}" y="${height * 0.3}" width="${width * 0.25}" height="${height * 0.4}" rx="24" fill="#ffffff" opacity="0.6"/>` +
      `<text x="${width / 2}" y="${height * 0.18}" font-family="Arial" font-size="${Math.round(height / 12)}" fill="#ffffff" text-anchor="middle">${label}</text>`,
  )

const image = (width: number, height: number, alt: string, label = `${width} × ${height}`) => ({
  url: card(width, height, label),
  alt,
  width,
  height,
  mimeType: 'image/svg+xml',
})

/** 1200 × 630: Facebook's and LinkedIn's large card. */
export const wideImage: MetadataImage = image(1200, 630, 'Three plan cards side by side')
/** 1200 × 600: X's 2:1 large card. */
export const twoToOneImage: MetadataImage = image(1200, 600, 'Three plan cards, cropped 2:1')
/** 800 × 800: a square logo card, cropped by every large card. */
export const squareImage: MetadataImage = image(800, 800, 'Acme logo')
/** A data URI that is not an image: the browser fails to decode it. */
export const brokenImage: MetadataImage = {
  url: 'data:image/png;base64,bm90IGFuIGltYWdl',
  alt: 'A card that does not load',
  width: 1200,
  height: 630,
  mimeType: 'image/png',
}

/** A 32 × 32 favicon. */
export const favicon: MetadataImage = {
  url: svg(
    32,
    32,
    '<rect width="32" height="32" rx="8" fill="#2451c7"/><path d="M9 23l7-14 7 14" fill="none" stroke="#fff" stroke-width="3"/>',
  ),
  width: 32,
  height: 32,
  mimeType: 'image/svg+xml',
}
