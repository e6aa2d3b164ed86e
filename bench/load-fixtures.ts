// The three offline backends of `pnpm bench load`, in a process of their own: a portal is another
// machine, so its work (Oxigraph evaluating SPARQL, files streamed) must not queue on the server's event
// loop. Prints one JSON line with each fixture's URL, then serves until stdin closes.
import { startCkanFixture, startLindasFixture, startSdmxFixture } from '../packages/fixtures/src/index.js';

const [lindas, ckan, sdmx] = await Promise.all([
  startLindasFixture(),
  startCkanFixture(),
  startSdmxFixture(),
]);
const address = (f: { url: string; hostPort: string }) => ({ url: f.url, hostPort: f.hostPort });
console.log(JSON.stringify({ lindas: address(lindas), ckan: address(ckan), sdmx: address(sdmx) }));
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
