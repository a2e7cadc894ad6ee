import { useIsFetching, useIsMutating } from '@tanstack/react-query';

import { useI18n } from '@/lib/i18n/i18n-provider';

/** A thin bar at the top of the page while requests run (spec 4). */
export function GlobalLoadingIndicator() {
  const { t } = useI18n();
  const fetching = useIsFetching({ predicate: (query) => !query.meta?.skipGlobalLoader });
  const mutating = useIsMutating({
    predicate: (mutation) => !mutation.options.meta?.skipGlobalLoader,
  });

  if (fetching + mutating === 0) return null;
  return <div className="global-loader" role="progressbar" aria-label={t('app.busy')} />;
}
