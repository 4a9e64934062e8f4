import { useEffect, useState } from 'react';
import { whenIdle } from './idle';

/**
 * Whether a part of the page that its first paint does not need may load now (decision 0005): true once the page has
 * loaded and painted and the browser is idle (`whenIdle`), or as soon as the shopper reaches for the part first —
 * `reach()`, or `reachProps` on the element around it (a pointer over it, a finger on it, the focus inside it).
 * Loading it while the page hydrates would put its download and its first render into the page's blocking time.
 */
export function useIdleOrReach() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  const reach = () => setReady(true);
  return { ready, reach, reachProps: { onPointerEnter: reach, onTouchStart: reach, onFocus: reach } };
}
