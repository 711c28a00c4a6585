import { hashPassword, verifyPassword } from 'better-auth/crypto'
import type { PasswordHashing } from '../src/auth.ts'

// better-auth's own scrypt, each answer remembered for the worker's life: test files sign up
// thousands of people with the same few passwords, and one scrypt costs about 100 ms of CPU.
// Every hash is still a real one (a password is hashed once per worker, with one salt), and
// every check still compares with what was stored: a wrong password is refused as before.
const hashes = new Map<string, Promise<string>>()
const checks = new Map<string, Promise<boolean>>()

export const rememberedPasswords: PasswordHashing = {
  hash(password) {
    let hash = hashes.get(password)
    if (!hash) {
      hash = hashPassword(password)
      hashes.set(password, hash)
    }
    return hash
  },
  verify({ hash, password }) {
    const key = `${hash}\u0000${password}`
    let check = checks.get(key)
    if (!check) {
      check = verifyPassword({ hash, password })
      checks.set(key, check)
    }
    return check
  },
}
