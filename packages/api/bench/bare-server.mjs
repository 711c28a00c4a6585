// The baseline of the public API benchmark: a bare node:http server that answers every request
// with the bytes get-latest sends (same status line, headers and body), read from BARE_ANSWER.
import http from 'node:http'

const { headers, body } = JSON.parse(process.env.BARE_ANSWER ?? '{}')
const buffer = Buffer.from(body, 'base64')

const server = http.createServer((req, res) => {
  res.writeHead(200, headers)
  res.end(buffer)
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${server.address().port}\n`)
})
process.on('SIGTERM', () => process.exit(0))
