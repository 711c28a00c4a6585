import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { site, siteApiKey } from '../db/schema.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { contextActor, recordAudit } from '../domain/audit.ts'
import { requireSite } from '../rpc/site-guard.ts'
import { createSiteApiKeyInput, siteInput } from '../shared/site-api-keys.ts'

/** Live keys a site may have at once: enough to rotate per environment, few enough to review. */
export const MAX_API_KEYS_PER_SITE = 20
/** Every key starts with this, so that secret scanners and people recognise it. */
export const API_KEY_PREFIX = 'hm_'
/** Characters of the key shown in the list (the prefix included). */
const SHOWN_CHARACTERS = 10

// Creating and revoking keys is site management: owners and admins (the design's table).
const manageSites = organizationProcedure({ organization: ['update'] })

export { siteInput }

const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
})

const columns = {
  id: siteApiKey.id,
  name: siteApiKey.name,
  prefix: siteApiKey.prefix,
  createdAt: siteApiKey.createdAt,
  lastUsedAt: siteApiKey.lastUsedAt,
}

export const siteApiKeysRouter = {
  /** The site's live keys, oldest first. The keys themselves are never shown again. */
  list: manageSites
    .route({ method: 'GET' })
    .input(siteInput)
    .output(z.array(apiKeySchema))
    .handler(async ({ context, input }) => {
      const found = await requireSite(context.db, context.organization.id, input.siteHostname)
      return context.db
        .select(columns)
        .from(siteApiKey)
        .where(and(eq(siteApiKey.siteId, found.id), isNull(siteApiKey.revokedAt)))
        .orderBy(asc(siteApiKey.createdAt), asc(siteApiKey.id))
    }),

  /**
   * Creates a key and returns it in clear, this once: only its SHA-256 hash is stored. The public
   * API accepts it at once, on every instance.
   */
  create: manageSites
    .input(createSiteApiKeyInput)
    .output(z.object({ key: z.string(), apiKey: apiKeySchema }))
    .handler(async ({ context, input }) => {
      const found = await requireSite(context.db, context.organization.id, input.siteHostname)
      // 32 random bytes: 256 bits, base64url.
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
      const created = await context.db.transaction(async (tx) => {
        // Serialises concurrent creations on one site, so the limit holds.
        await tx.select({ id: site.id }).from(site).where(eq(site.id, found.id)).for('update')
        const [live] = await tx
          .select({ n: count() })
          .from(siteApiKey)
          .where(and(eq(siteApiKey.siteId, found.id), isNull(siteApiKey.revokedAt)))
        if ((live?.n ?? 0) >= MAX_API_KEYS_PER_SITE) {
          throw new ORPCError('BAD_REQUEST', {
            message: `A site can have at most ${MAX_API_KEYS_PER_SITE} keys. Revoke one you no longer use first.`,
          })
        }
        const [row] = await tx
          .insert(siteApiKey)
          .values({
            id: randomUUID(),
            siteId: found.id,
            name: input.name,
            prefix: key.slice(0, SHOWN_CHARACTERS),
            keyHash: createHash('sha256').update(key).digest('hex'),
            createdById: context.user.id,
          })
          .returning(columns)
        const apiKey = row as z.infer<typeof apiKeySchema>
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'api_key.created',
          target: { kind: 'api_key', id: apiKey.id, label: `${apiKey.name} (${found.hostname})` },
          summary: { after: { name: apiKey.name, prefix: apiKey.prefix, site: found.hostname } },
        })
        return apiKey
      })
      context.events.siteChanged(found.id)
      return { key, apiKey: created }
    }),

  /** Revokes a key: the next request that sends it gets 401, on every instance. */
  revoke: manageSites
    .input(siteInput.extend({ apiKeyId: z.string().min(1) }))
    .output(z.object({ ok: z.literal(true) }))
    .handler(async ({ context, input }) => {
      const found = await requireSite(context.db, context.organization.id, input.siteHostname)
      await context.db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(siteApiKey)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(siteApiKey.id, input.apiKeyId),
              eq(siteApiKey.siteId, found.id),
              isNull(siteApiKey.revokedAt),
            ),
          )
          .returning({ id: siteApiKey.id, name: siteApiKey.name, prefix: siteApiKey.prefix })
        if (!revoked) {
          throw new ORPCError('NOT_FOUND', {
            message: 'This key does not exist or was already revoked. Reload the list of keys.',
          })
        }
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'api_key.revoked',
          target: { kind: 'api_key', id: revoked.id, label: `${revoked.name} (${found.hostname})` },
          summary: { before: { name: revoked.name, prefix: revoked.prefix, site: found.hostname } },
        })
      })
      context.events.siteChanged(found.id)
      return { ok: true as const }
    }),
}
