// One logger for the server. Development: one readable line per event, control characters
// escaped so that text from a request can never forge a line. Production: one JSON object per
// line, for log collectors.

export type LogLevel = 'info' | 'warn' | 'error'

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  /** `error` is logged with its stack only when it is a server fault (not a client's mistake). */
  error(message: string, error?: unknown, fields?: Record<string, unknown>): void
}

export interface CreateLoggerOptions {
  /** JSON lines (production) or readable lines (elsewhere). */
  json: boolean
  /** Where lines go; defaults to stdout for info and stderr otherwise. */
  write?: (line: string, level: LogLevel) => void
}

/** Escapes C0/C1 control characters (newlines included) so that a value stays on its line. */
export function escapeControl(value: string): string {
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n'
    if (c === '\r') return '\\r'
    if (c === '\t') return '\\t'
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  })
}

function defaultWrite(line: string, level: LogLevel): void {
  if (level === 'info') process.stdout.write(`${line}\n`)
  else process.stderr.write(`${line}\n`)
}

function describeError(error: unknown): { error: string; stack?: string } {
  if (error instanceof Error) {
    return {
      error: `${error.name}: ${error.message}`,
      ...(error.stack ? { stack: error.stack } : {}),
    }
  }
  return { error: String(error) }
}

/**
 * @example
 * const log = createLogger({ json: env.NODE_ENV === 'production' })
 * log.info('[mailbox] sent', { to })
 */
export function createLogger({ json, write = defaultWrite }: CreateLoggerOptions): Logger {
  function emit(level: LogLevel, message: string, fields: Record<string, unknown> = {}) {
    if (json) {
      write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }), level)
      return
    }
    const { stack, ...rest } = fields
    const extra = Object.entries(rest)
      .map(
        ([key, value]) =>
          ` ${key}=${escapeControl(typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'))}`,
      )
      .join('')
    // The stack is ours (file names and lines), so it keeps its line breaks; the message does not.
    const at = typeof stack === 'string' ? stack.indexOf('\n    at ') : -1
    const trace = at >= 0 ? (stack as string).slice(at) : ''
    write(`${escapeControl(message)}${extra}${trace}`, level)
  }
  return {
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, error, fields) =>
      emit('error', message, { ...fields, ...(error === undefined ? {} : describeError(error)) }),
  }
}
