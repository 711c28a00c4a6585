// One server process for the contact form's multi-instance test: sends the contact form
// `CONTACT_COUNT` times for `CONTACT_ADDRESS` through the real limiter on DATABASE_URL, then prints
// one line `RESULTS <status,…>` and exits.
//   node --conditions=source test/contact-instance.ts
import { loadServerEnv } from '../src/env.ts'
import { contactRecipient, sendContactMessage } from '../src/contact.ts'
import { createHeadmark } from '../src/headmark.ts'

const headmark = await createHeadmark(
  loadServerEnv({ NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL }),
  { log: () => {} },
)
const statuses: string[] = []
for (let i = 0; i < Number(process.env.CONTACT_COUNT); i++) {
  const result = await sendContactMessage(
    {
      db: headmark.db,
      mailer: headmark.mailer,
      to: contactRecipient(headmark.env),
      address: process.env.CONTACT_ADDRESS ?? '',
    },
    { name: 'Ada', email: 'ada@example.com', message: `Message number ${i} from this process.` },
  )
  statuses.push(result.status)
}
console.log(`RESULTS ${statuses.join(',')}`)
await headmark.close()
