// `pnpm pack:all <dir>`: the tarballs a release would publish, written to <dir> and kept there,
// after the same file-list checks the install check makes.
import { resolve } from 'node:path';
import { packAll } from './pack-workspace.mjs';

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: pnpm pack:all <dir>   (the folder the tarballs are written to and kept in)');
  process.exit(2);
}
const files = packAll(resolve(dir));
console.log(`${files.length} tarballs in ${resolve(dir)}`);
