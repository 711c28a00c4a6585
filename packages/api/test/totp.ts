import { createHmac } from 'node:crypto'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** The bytes of an RFC 4648 base32 text (an otpauth:// URI's secret). */
export function base32Decode(text: string): Buffer {
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`Not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** The secret of an `otpauth://totp/…?secret=…` URI, as an authenticator app reads it. */
export function secretOf(totpUri: string): Buffer {
  const secret = new URL(totpUri).searchParams.get('secret')
  if (!secret) throw new Error(`No secret in ${totpUri}`)
  return base32Decode(secret)
}

/** The 6-digit RFC 6238 code (HMAC-SHA1, 30-second steps) of `key` at `time`. */
export function totpCode(key: Buffer, time = Date.now(), stepSeconds = 30): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / stepSeconds)))
  const hmac = createHmac('sha1', key).update(counter).digest()
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}
