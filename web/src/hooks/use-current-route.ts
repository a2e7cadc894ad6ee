import { useMatches } from 'react-router';

import type { RouteHandle } from '@/types/router';

/** The handle of the deepest matched route that names itself (or whose page names itself). */
export function useCurrentRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.routeName || handle?.titleKey || handle?.ownAlternates) return handle;
  }
  return {};
}
