import { createServer, type Socket } from 'node:net'

export interface SmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string
  port: number
  /** The DATA of every message received, in order. */
  received: string[]
  close(): Promise<void>
}

/**
 * The smallest SMTP server nodemailer will talk to, on 127.0.0.1: accepts everything and keeps
 * the DATA. `port` 0 picks a free one.
 */
export async function startSmtpServer(port = 0): Promise<SmtpServer> {
  const received: string[] = []
  const sockets = new Set<Socket>()
  const smtp = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    let buffer = ''
    let inData = false
    socket.write('220 test ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          received.push(buffer.slice(0, end))
          buffer = buffer.slice(end + 5)
          inData = false
          socket.write('250 queued\r\n')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol === -1) return
        const command = buffer.slice(0, eol).toUpperCase()
        buffer = buffer.slice(eol + 2)
        if (command.startsWith('DATA')) {
          inData = true
          socket.write('354 go ahead\r\n')
        } else if (command.startsWith('QUIT')) {
          socket.end('221 bye\r\n')
        } else {
          socket.write('250 ok\r\n')
        }
      }
    })
  })
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
  const listening = (smtp.address() as { port: number }).port
  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    received,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago): connections are refused. */
export async function closedPort(): Promise<number> {
  const server = await startSmtpServer()
  await server.close()
  return server.port
}
