/**
 * Puppeteer configuration: never download Puppeteer's own Chrome (this machine has no internet beyond the
 * npm registry); use Debian's Chromium, which `scripts/test.sh` installs when it is missing.
 * @type {import('puppeteer').Configuration}
 */
module.exports = {
  skipDownload: true,
  executablePath: process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium',
};
