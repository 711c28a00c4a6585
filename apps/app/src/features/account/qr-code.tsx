import QRCode from 'qrcode'

/** Empty modules around the code, as the QR standard asks, so that a camera finds its corners. */
const QUIET_ZONE = 4

/** The dark modules of `value`'s QR code as one SVG path (one unit per module). */
export function qrPath(value: string): { size: number; path: string } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' })
  let path = ''
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path }
}

/**
 * `value` as a QR code, drawn as SVG: dark modules on white in both themes (cameras read dark on
 * light), sharp at any size. Rendered the same on the server and in the browser.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = qrPath(value)
  return (
    <svg
      role="img"
      aria-label={label}
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
