/**
 * `npm run staff -- create --email someone@shop.eg --role owner [--name "Mona"]`: adds a staff member and prints the
 * one-time link with which they set their password. `npm run staff -- link --email …`: a new link (a forgotten
 * password). On the embedded database, stop the shop first (PGlite opens its folder in one process at a time).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Email, StaffRole } from '@attar/contract';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import type * as tables from '../db/schema';
import type { TableRow } from '../db/table-row';
import { createMember, issuePasswordLink } from './service';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
});
const command = positionals[0];
const email = Email.safeParse(values.email);
if (!['create', 'link'].includes(command ?? '') || !email.success) {
  console.error('Usage: npm run staff -- create --email <e-mail> --role owner|manager|fulfilment|support [--name <name>]');
  console.error('       npm run staff -- link --email <e-mail>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await migrate(database);
  if (command === 'create') {
    const role = StaffRole.safeParse(values.role);
    if (!role.success) throw new Error(`--role must be one of ${StaffRole.options.join(', ')}`);
    const created = await createMember(database, config, 'en', null, {
      email: email.data,
      name: values.name?.trim() || email.data.replace(/@.*/s, ''),
      role: role.data,
    });
    console.log(`Created ${created.member.email} (${created.member.role}).`);
    console.log(`Password link (works once, until ${created.expires_at}):\n${created.password_link}`);
  } else {
    const [member] = await database.rows<Pick<TableRow<typeof tables.staffMembers>, 'id'>>(
      sql`SELECT id FROM staff_members WHERE email = ${email.data}`,
    );
    if (!member) throw new Error(`No staff member has the e-mail ${email.data}.`);
    const link = await issuePasswordLink(database, config, member.id);
    console.log(`Password link (works once, until ${link.expires_at}):\n${link.password_link}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
