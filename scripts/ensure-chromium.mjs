// The browser tests use Debian's Chromium and never download one. Install it when missing and allowed.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (isRoot && isDebian) {
    console.log("Chromium is missing: installing Debian's chromium package ...");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error(
      `Chromium was not found at ${CHROMIUM}. Install it (on Debian or Ubuntu: sudo apt-get install chromium) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the tests again.',
    );
    process.exit(1);
  }
}
