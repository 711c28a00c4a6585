// The multi-instance topology of the README's "Running several instances": PgBouncer in
// transaction mode in front of PostgreSQL, nginx balancing over the instances. Both are Debian's
// packages (scripts/setup.sh installs them); everything listens on loopback only and is stopped
// with the test.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** An executable of a Debian package, or an error that says how to get it. */
export function findExecutable(name: string, debianPackage: string): string {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/sbin']
  for (const dir of dirs) {
    const candidate = join(dir, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  throw new Error(
    `${name} is not installed: run scripts/setup.sh (or apt-get install ${debianPackage}).`,
  )
}

/** A free TCP port on `host` (taken back at once: a small race, fine for loopback tests). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Resolves once something accepts connections at host:port (10 s at most). */
export async function waitForPort(host: string, port: number, process?: ChildProcess) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host)
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (process && process.exitCode !== null) throw new Error(`exited with ${process.exitCode}`)
    if (Date.now() > deadline) throw new Error(`nothing listens at ${host}:${port}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export interface Service {
  port: number
  folder: string
  stop(): Promise<void>
}

function workFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  // pgbouncer drops root for `postgres`, nginx's workers run as `nobody`: both write here.
  chmodSync(folder, 0o777)
  return folder
}

async function stopProcess(child: ChildProcess, folder: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await once(child, 'exit')
    clearTimeout(timer)
  }
  rmSync(folder, { recursive: true, force: true })
}

/**
 * PgBouncer in transaction mode on 127.0.0.1, in front of the PostgreSQL database of `url`
 * (trust authentication, as the test server has).
 */
export async function startPgBouncer(url: string, poolSize: number): Promise<Service> {
  const binary = findExecutable('pgbouncer', 'pgbouncer')
  const target = new URL(url)
  const database = target.pathname.slice(1)
  const user = decodeURIComponent(target.username || 'postgres')
  const folder = workFolder('headmark-pgbouncer-')
  const port = await freePort()
  writeFileSync(join(folder, 'users.txt'), `"${user}" ""\n`)
  writeFileSync(
    join(folder, 'pgbouncer.ini'),
    `[databases]
${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${user}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(folder, 'users.txt')}
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 500
ignore_startup_parameters = extra_float_digits,options
logfile = ${join(folder, 'pgbouncer.log')}
`,
  )
  const args = process.getuid?.() === 0 ? ['-u', 'postgres'] : []
  const child = spawn(binary, [...args, join(folder, 'pgbouncer.ini')], { stdio: 'ignore' })
  await waitForPort('127.0.0.1', port, child)
  return { port, folder, stop: () => stopProcess(child, folder) }
}

/** nginx on 127.0.0.1 balancing over `upstreams` (host:port), retrying a dead one's requests. */
export async function startNginx(upstreams: string[]): Promise<Service> {
  const binary = findExecutable('nginx', 'nginx')
  const folder = workFolder('headmark-nginx-')
  const port = await freePort()
  const servers = upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=2s;`)
  writeFileSync(
    join(folder, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${join(folder, 'nginx.pid')};
error_log ${join(folder, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(folder, 'body')};
  proxy_temp_path ${join(folder, 'proxy')};
  fastcgi_temp_path ${join(folder, 'fastcgi')};
  uwsgi_temp_path ${join(folder, 'uwsgi')};
  scgi_temp_path ${join(folder, 'scgi')};
  upstream headmark {
${servers.join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://headmark;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_bind 127.0.0.1;
      proxy_connect_timeout 1s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`,
  )
  const child = spawn(
    binary,
    ['-p', folder, '-c', join(folder, 'nginx.conf'), '-e', join(folder, 'error.log')],
    { stdio: 'ignore' },
  )
  await waitForPort('127.0.0.1', port, child)
  return { port, folder, stop: () => stopProcess(child, folder) }
}
