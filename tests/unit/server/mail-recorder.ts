/** A mail provider for the tests: it accepts every mail and records each as it was handed over. */
import type { OutboxMail } from '../../../src/db/schema.ts';
import type { Transport } from '../../../src/server/mail/sender.ts';

export function recorder() {
  const delivered: OutboxMail[] = [];
  const transport: Transport = {
    name: 'test',
    async send(mail) {
      delivered.push(mail);
      return `id-${mail.id}`;
    },
  };
  return { transport, delivered };
}
