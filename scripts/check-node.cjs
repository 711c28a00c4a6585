// Refuses to install or start Headmark on a Node.js older than the one in .nvmrc, with one line
// that says what to do (instead of a stack trace from the build much later). Written in plain
// ES5 so that even a very old Node can print the line.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: see above */
'use strict'
var fs = require('fs')
var path = require('path')

var required = Number(
  fs
    .readFileSync(path.join(__dirname, '..', '.nvmrc'), 'utf8')
    .trim()
    .replace(/^v/, '')
    .split('.')[0],
)
// A version to check instead of the running one (for the tests of this script).
var version = process.argv[2] || process.versions.node
var major = Number(version.split('.')[0])

if (!(major >= required)) {
  console.error(
    'Headmark needs Node.js ' +
      required +
      ' or newer, but this is Node.js ' +
      version +
      ': run `nvm install` in this folder (it reads .nvmrc) or get Node.js ' +
      required +
      ' from https://nodejs.org, then run npm install again.',
  )
  process.exit(1)
}
