import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { connectionOf, releaseSignals } from '../db/client.ts'
import type { Headmark } from '../headmark.ts'
import type { PublicApi } from '../public-api/handler.ts'
import { createHealth, type Health } from './health.ts'
import { createMetrics, type Metrics } from './metrics.ts'
import { shutDownGracefully } from './shutdown.ts'

/** The paths an orchestrator or a monitoring system calls; answered before anything else. */
export const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

/** What a production server needs to be run by an orchestrator behind a load balancer. */
export interface Operations {
  health: Health
  metrics: Metrics
  /**
   * Answers `/healthz`, `/readyz` and `/metrics` (returns true), before logs, rate limits and
   * analytics; for any other request, starts timing it for the metrics and returns false.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean
  /** The graceful stop on SIGTERM (see shutdown.ts); resolves when the process may exit. */
  shutdown(servers: Server[]): Promise<void>
}

export interface OperationsOptions {
  headmark: Headmark
  /** The instance's public API, once started (its cache figures). */
  publicApi: () => PublicApi | null
  log?: (line: string) => void
}

/**
 * Health, readiness, metrics and the graceful shutdown of one instance. Takes SIGTERM/SIGINT
 * over from the database module: the database stays open until requests and jobs in flight are
 * done.
 */
export function createOperations({ headmark, publicApi, log }: OperationsOptions): Operations {
  const connection = connectionOf(headmark.db)
  releaseSignals()
  const health = createHealth({
    db: headmark.db,
    connection,
    migrationsFolder: headmark.env.MIGRATIONS_FOLDER,
    queueStarted: () => {
      try {
        headmark.webhooks.jobQueue()
        return true
      } catch {
        return false
      }
    },
  })
  const metrics = createMetrics({
    db: headmark.db,
    connection,
    publicApi,
    token: headmark.env.metricsToken,
    log: (error) => headmark.logger.error('[metrics] reading the database failed', error),
  })
  const say = log ?? ((line: string) => headmark.logger.info(`[shutdown] ${line}`))
  // Answers being sent, so that the shutdown can end the live streams among them.
  const inFlight = new Set<ServerResponse>()
  const forget = function (this: ServerResponse) {
    inFlight.delete(this)
  }

  function answerHealth(req: IncomingMessage, res: ServerResponse, path: string): void {
    const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' }
    if (path === '/healthz') {
      res.writeHead(200, headers)
      res.end('{"status":"alive"}')
      return
    }
    health.readiness().then(
      (readiness) => {
        res.writeHead(readiness.ready ? 200 : 503, headers)
        res.end(
          JSON.stringify({ status: readiness.ready ? 'ready' : 'not ready', ...readiness.checks }),
        )
      },
      () => {
        res.writeHead(503, headers)
        res.end('{"status":"not ready"}')
      },
    )
  }

  return {
    health,
    metrics,
    handle(req, res) {
      const url = req.url ?? '/'
      const path = url.split('?')[0] ?? url
      if (!OPERATIONS_PATHS.has(path)) {
        metrics.observe(req, res)
        inFlight.add(res)
        res.once('close', forget)
        return false
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
        res.end('Use GET.\n')
        return true
      }
      if (path === '/metrics') {
        metrics.handle(req, res).catch(() => {
          if (!res.headersSent) res.writeHead(500)
          res.end()
        })
      } else {
        answerHealth(req, res, path)
      }
      return true
    },
    shutdown(servers) {
      return shutDownGracefully({
        servers,
        health,
        delaySeconds: headmark.env.SHUTDOWN_DELAY_SECONDS,
        close: () => headmark.close(),
        log: say,
        inFlight: () => inFlight,
      })
    },
  }
}
