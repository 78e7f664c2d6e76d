import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@verdant/db/testing/free-port';

/** Debian's dovecot-imapd puts the server here; null when it is not installed. */
export const DOVECOT_BINARY =
  ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((p) => existsSync(p)) ?? null;

/** Why an IMAP test is skipped here, or null when it can run. */
export const dovecotMissing = DOVECOT_BINARY
  ? null
  : 'the dovecot binary is absent (apt-get install dovecot-imapd; .ci/run installs it)';

/**
 * A real IMAP server of the test's own (Dovecot): a config file, its mail (maildir) and its password file in a
 * temporary folder, on a free port of 127.0.0.1, one user with a plain password, no TLS and no system service.
 * As root it runs its login and mail processes as Debian's `dovenull` and `dovecot` users; as anyone else, as
 * that person.
 */
export async function startDovecot() {
  if (!DOVECOT_BINARY) throw new Error(dovecotMissing ?? 'no dovecot');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-dovecot-'));
  const port = await freePort();
  const user = 'intake';
  const password = 'intake-secret';
  const me = os.userInfo();
  const root = me.uid === 0;
  const loginUser = root ? 'dovenull' : me.username;
  const mailUser = root ? 'dovecot' : me.username;
  await mkdir(path.join(dir, 'mail'));
  await mkdir(path.join(dir, 'home'));
  // The mail processes (another user when root) create the maildir under these.
  await chmod(dir, 0o755);
  await chmod(path.join(dir, 'mail'), 0o777);
  await chmod(path.join(dir, 'home'), 0o777);
  await writeFile(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`);
  const conf = path.join(dir, 'dovecot.conf');
  await writeFile(
    conf,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
default_login_user = ${loginUser}
default_internal_user = ${mailUser}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailUser} gid=${mailUser} home=${dir}/home/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
`,
  );
  // The master forks into the background and the command returns; its stdio is not kept open.
  const binary = DOVECOT_BINARY;
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(binary, ['-c', conf], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`dovecot did not start (exit ${code}): ${await log(dir)}`);
  const pidFile = path.join(dir, 'run', 'master.pid');
  const until = Date.now() + 10_000;
  while (!existsSync(pidFile)) {
    if (Date.now() > until) throw new Error(`dovecot did not start: ${await log(dir)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    log: () => log(dir),
    async stop() {
      const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
      if (pid) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {}
        const end = Date.now() + 5000;
        while (existsSync(pidFile) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const log = (dir: string) => readFile(path.join(dir, 'dovecot.log'), 'utf8').catch(() => '');
