import QRCode from 'qrcode'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { QrCode, qrPath } from './qr-code.tsx'

const URI = 'otpauth://totp/Headmark:tess%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Headmark'

/** The dark modules an SVG path of qrPath draws, as "row,column" (quiet zone removed). */
function drawn(path: string): Set<string> {
  return new Set(
    [...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(
      ([, x, y]) => `${Number(y) - 4},${Number(x) - 4}`,
    ),
  )
}

describe('the QR code of the authenticator setup', () => {
  it('draws exactly the modules of the otpauth URI’s QR code, inside a quiet zone', () => {
    const { modules } = QRCode.create(URI, { errorCorrectionLevel: 'M' })
    const { size, path } = qrPath(URI)
    expect(size).toBe(modules.size + 8)
    const dark = drawn(path)
    let count = 0
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        const isDark = Boolean(modules.get(row, column))
        expect(dark.has(`${row},${column}`)).toBe(isDark)
        if (isDark) count += 1
      }
    }
    expect(dark.size).toBe(count)
    // Another URI is another code.
    expect(qrPath(URI.replace('JBSW', 'KRSX')).path).not.toBe(path)
  })

  it('is an image named for what it is, dark on white', () => {
    const html = renderToString(<QrCode value={URI} label="QR code of the setup key" />)
    expect(html).toMatch(/^<svg role="img" aria-label="QR code of the setup key"/)
    expect(html).toContain('fill="#fff"')
    expect(html).toContain('fill="#000"')
  })
})
