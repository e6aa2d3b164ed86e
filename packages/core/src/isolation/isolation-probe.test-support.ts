import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort } from 'node:worker_threads';

// Reports what an isolated child or thread can see of its surroundings, then waits to be let go.
const seen = {
  ready: true,
  env: { ...process.env },
  cwd: process.cwd(),
  heapLimitMb: getHeapStatistics().heap_size_limit / 2 ** 20,
};
if (isMainThread) {
  process.send?.(seen);
  process.on('disconnect', () => process.exit(0));
} else {
  parentPort?.postMessage({ heapLimitMb: seen.heapLimitMb });
}
