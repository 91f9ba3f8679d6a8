// Builds the web app before `npm start` when it is missing or older than its sources, so the
// two-command quick start serves a current app without a separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = 'packages/web';
const builtIndex = join(web, 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [join(web, 'src'), join(web, 'public'), join(web, 'index.html'), 'packages/contracts/src'];
const newestSource = Math.max(
  ...sources.map((path) => (statSync(path).isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)),
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestSource) {
  console.log('Building the web app (first start, or sources changed)…');
  execSync('npm run build -w @ferrite/web', { stdio: 'inherit' });
}
