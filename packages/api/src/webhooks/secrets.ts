import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * A new webhook secret: `whsec_` + 32 random bytes in base64, the Standard Webhooks form (their
 * libraries base64-decode what follows the prefix; Headmark's own signature uses the whole string).
 */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

/** Seals and opens webhook secrets at rest. */
export interface SecretBox {
  seal(secret: string): string
  open(sealed: string): string
}

const VERSION = 'v1'

/**
 * AES-256-GCM with a key derived (HKDF-SHA256) from the server secret, so the database alone
 * does not reveal webhook secrets. Sealed form: `v1.<iv>.<ciphertext>.<tag>` (base64url).
 *
 * @example
 * const box = createSecretBox(env.BETTER_AUTH_SECRET)
 * box.open(box.seal('whsec_…')) // 'whsec_…'
 */
export function createSecretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'headmark', 'webhook-secret-encryption', 32),
  )
  return {
    seal(secret) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'))
      return [VERSION, ...parts].join('.')
    },
    open(sealed) {
      const [version, iv, ciphertext, tag] = sealed.split('.')
      if (version !== VERSION || !iv || ciphertext === undefined || !tag) {
        throw new Error('The webhook secret is not in a sealed form this server can read.')
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}
