/**
 * `pnpm --filter @northstar/platform staff:create --email ops@example.com` (or, from the root,
 * `pnpm platform staff:create --email ops@example.com`): creates a real staff account, the way a
 * production site gets one (the demo staff account is demo mode only, demo/mode.ts).
 *
 * It opens the database the server would (DATABASE_URL, else the embedded PGlite in DATA_DIR),
 * asks for the password twice on the terminal, or reads it from stdin with `--password-stdin`
 * (`printf '%s' "$PASSWORD" | pnpm platform staff:create --email … --password-stdin`). The
 * password follows the site's password rule (packages/contract `wire.password()`). The account is
 * a player with role `staff` and a confirmed e-mail contact, made by identity's `createPlayer`
 * like every sign-up; an e-mail already in use is refused. With the embedded PGlite, stop the
 * platform first: its database belongs to one process at a time.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { STAFF_ROLES, wire, type StaffRole } from '@northstar/contract';
import { configFromEnv } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { wireSignUp } from '../sign-up/index.ts';
import {
  createPlayer,
  findPlayerBySignIn,
  hashPassword,
  normaliseContact,
  type Player,
} from '../identity/index.ts';

/** Why an account was not created; the command prints the message and exits with 1. */
export class StaffCreateError extends Error {
  override name = 'StaffCreateError';
}

const PASSWORD_RULES: Record<string, string> = {
  required: 'The password is empty.',
  min_length: 'The password needs at least 6 characters.',
  max_length: 'The password can have at most 20 characters.',
  password:
    'The password may hold only Latin letters, digits and these signs: !@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~ (no spaces).',
};

/** The e-mail (normalised) and password of a new staff account, or a StaffCreateError. */
export function checkedAccount(account: { email: string; password: string }): {
  email: string;
  password: string;
} {
  const email = v.safeParse(wire.email(), account.email);
  if (!email.success) {
    throw new StaffCreateError(`"${account.email}" is not an e-mail address.`);
  }
  const password = v.safeParse(wire.password(), account.password);
  if (!password.success) {
    throw new StaffCreateError(
      PASSWORD_RULES[password.issues[0].message] ?? 'The password is not allowed.',
    );
  }
  return { email: normaliseContact(email.output).contact, password: password.output };
}

/** Creates a staff account; refuses a malformed or taken e-mail and a password the site's rule refuses. */
export async function createStaff(
  database: DatabaseHandle,
  account: { email: string; password: string; roles?: readonly StaffRole[]; now?: Date },
): Promise<Player> {
  const { email: contact, password } = checkedAccount(account);
  wireSignUp();
  const db = database.db;
  const taken = () => new StaffCreateError(`${contact} is already in use by an account.`);
  if (await findPlayerBySignIn(db, contact)) throw taken();
  try {
    return await createPlayer(
      db,
      {
        login: contact,
        passwordHash: await hashPassword(password),
        role: 'staff',
        // Issue #30: the back-office roles; the first account of a site is its admin.
        staffRoles: [...(account.roles ?? ['admin'])],
        currency: 'EUR',
        locale: 'en-US',
        regTime: account.now ?? new Date(),
      },
      [{ type: 'email', contact, isConfirmed: true }],
    );
  } catch (error) {
    // Created by someone else between the check and the insert: the login is unique.
    if (await findPlayerBySignIn(db, contact)) throw taken();
    throw error;
  }
}

export interface CommandIo {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

const USAGE = `Usage: pnpm platform staff:create --email <address> [--role <role>]… [--password-stdin]

Creates a staff account in the database of DATABASE_URL (else the embedded one in DATA_DIR).
The password is asked for on the terminal, or read from stdin with --password-stdin.
Roles (repeat --role for several): ${STAFF_ROLES.join(', ')}; admin when none is given.
The first sign-in at /backoffice sets up the account's authenticator app (always required).
`;

/** The command: parses `argv`, reads the password, creates the account; resolves to the exit code. */
export async function runStaffCreate(argv: readonly string[], io: CommandIo): Promise<number> {
  let options: { email?: string; role?: string[]; 'password-stdin'?: boolean; help?: boolean };
  try {
    ({ values: options } = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        role: { type: 'string', multiple: true },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (!options.email) {
    io.stderr.write(`--email is required.\n\n${USAGE}`);
    return 2;
  }
  const unknownRole = options.role?.find(
    (role) => !(STAFF_ROLES as readonly string[]).includes(role),
  );
  if (unknownRole !== undefined) {
    io.stderr.write(`"${unknownRole}" is no staff role.\n\n${USAGE}`);
    return 2;
  }
  const roles = options.role?.length ? [...new Set(options.role as StaffRole[])] : undefined;

  if (!options['password-stdin'] && !(io.stdin.isTTY && io.stdin.setRawMode)) {
    io.stderr.write(
      'stdin is not a terminal: pass --password-stdin to read the password from it.\n',
    );
    return 2;
  }

  let database: DatabaseHandle | null = null;
  try {
    let password: string;
    if (options['password-stdin']) {
      password = await readFirstLine(io.stdin);
    } else {
      password = await promptHidden('Password for the staff account: ', io);
      const again = await promptHidden('The same password again: ', io);
      if (again !== password) throw new StaffCreateError('The two passwords differ.');
    }
    // Refused before the database is opened (createStaff checks again).
    checkedAccount({ email: options.email, password });
    const config = configFromEnv(io.env);
    if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    const staff = await createStaff(database, {
      email: options.email,
      password,
      ...(roles ? { roles } : {}),
    });
    io.stdout.write(
      `Created staff account ${staff.login} (id ${staff.id}, ${staff.staffRoles.join(', ')}) in ${
        config.databaseUrl ? 'the PostgreSQL of DATABASE_URL' : path.join(config.dataDir, 'pglite')
      }.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof StaffCreateError) {
      io.stderr.write(`${error.message} Nothing was created.\n`);
      return 1;
    }
    // A wrong setting (config.ts's ConfigError) or an unreachable database: its message is the news.
    io.stderr.write(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}

/** The first line of a stream (a password piped in, with or without its newline). */
async function readFirstLine(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0]!;
}

/** Asks on the terminal without echoing what is typed. */
function promptHidden(question: string, io: CommandIo): Promise<string> {
  const input = io.stdin;
  io.stdout.write(question);
  input.setRawMode!(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode!(false);
      input.pause();
      io.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new StaffCreateError('Cancelled.'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

// Run as a script (not when a test imports it). pnpm runs package scripts in the package's
// folder; INIT_CWD is where the command was typed, so a relative DATA_DIR means what it says.
if (import.meta.main) {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const code = await runStaffCreate(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  });
  process.exit(code);
}
