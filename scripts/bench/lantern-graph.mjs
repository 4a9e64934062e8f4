// What ends a page's simulated first and largest paints: replays a saved Lighthouse run through Lighthouse's own
// simulator (Lantern) and prints every request and main-thread task in each paint's graph, with its simulated start
// and end. Lighthouse's mobile score uses these simulated times, not the ones the browser really took
// (docs/decisions/0007-lighthouse-on-this-machine.md).
//
//   CHROME_PATH=/usr/bin/chromium npx lighthouse http://localhost:3000/fragrances -G=/tmp/run \
//     --only-categories=performance --chrome-flags="--headless --no-sandbox --disable-gpu"
//   node scripts/bench/lantern-graph.mjs /tmp/run
import { initializeConfig } from 'lighthouse/core/config/config.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: node scripts/bench/lantern-graph.mjs <folder written by lighthouse -G>');
  process.exit(1);
}

const artifacts = await loadArtifacts(folder);
const { resolvedConfig } = await initializeConfig('navigation');
const { settings } = resolvedConfig;
const context = { computedCache: new Map(), settings, options: {} };
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps,
  simulator: null,
};
const fcp = await LanternFirstContentfulPaint.request(data, context);
const lcp = await LanternLargestContentfulPaint.request(data, context);

/** One node of a graph: a request (type, priority, size, file) or a main-thread task (duration as observed). */
function describe(node, observedStart) {
  if (node.type === 'network') {
    const { resourceType, priority, transferSize, url } = node.request;
    return `${resourceType} ${priority} ${(transferSize / 1024).toFixed(1)} kB ${url.split('/').pop() || url}`;
  }
  const scripts = [...node.getEvaluateScriptURLs()].map((url) => url.split('/').pop());
  const what = [scripts.length ? `evaluates ${scripts.join(', ')}` : '', node.didPerformLayout() ? 'layout' : '']
    .filter(Boolean)
    .join('; ');
  return `task ${Math.round(node.duration / 1000)} ms observed at ${Math.round((node.startTime - observedStart) / 1000)} ms${what ? ` (${what})` : ''}`;
}

function print(title, estimate) {
  console.log(`\n${title}: ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings.entries()].sort(([, a], [, b]) => a.startTime - b.startTime);
  const observedStart = rows[0][0].startTime;
  for (const [node, timing] of rows)
    console.log(`  ${Math.round(timing.startTime)}–${Math.round(timing.endTime)} ms  ${describe(node, observedStart)}`);
}

console.log(`Simulated first paint ${Math.round(fcp.timing)} ms, largest paint ${Math.round(lcp.timing)} ms (mean of the two estimates)`);
print('First paint', fcp.optimisticEstimate);
print('Largest paint, optimistic (leaves out low-priority images)', lcp.optimisticEstimate);
print('Largest paint, pessimistic (everything that ended before it)', lcp.pessimisticEstimate);
